#!/usr/bin/python3
"""The inspector's page in a real browser (issue 28): headless Chromium, driven through chromedriver by Selenium,
against `brigade-tool inspect` and `bistro --inspect`, both from this package's debug build (`swift build` first).

What it checks, each by what a person would see or what the app then does:
1. the app started before the tool: the tool's page catches up on the actions dispatched before it started;
2. a new command in the app shows up live on the page;
3. clicking a past action on the page puts the app's state back to the state after it (read from the app itself);
4. a mark of the strip shows an action (its call site and its reducers' time) without travelling; reloading the page catches up; Resume leaves travel mode and the app goes on from the travelled-to state;
5. the tool killed and started again: the app keeps running, loses nothing, reconnects, and the page catches up;
6. the exported session is a session file (its first line a hello);
7. the app's APIClient calls are rows of the timeline (method, path, status, duration), their header values redacted;
8. an action dispatched from the page (a recorded kind, its payload edited) changes the app's state;
9. skipping a recorded action recomputes the app's state without it, and putting it back restores it;
10. a state imported from the page becomes the app's state.

Usage: /usr/bin/python3 scripts/check-inspector-page.py [--screenshots docs/images]
(`bistro --inspect` runs each line of a piped stdin as it arrives; `state` prints the state as one line of JSON.)
Runs in about half a minute; every wait polls an observable condition with a deadline; processes are always ended.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEADLINE = 30.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, condition, timeout=DEADLINE):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = condition()
            if value:
                return value
        except Exception:  # the page may be reloading: try again
            pass
        time.sleep(0.1)
    raise SystemExit(f"check-inspector-page: timed out waiting for {what}")


class Bistro:
    """`bistro --inspect …` with a pipe on stdin: it runs each line as it arrives and prints `> command` and the
    command's output; `state` prints the state as one line of JSON. A command is done when the `state` sent after it
    has answered."""

    def __init__(self, binary, app_port, data_dir, specials_url):
        self.process = subprocess.Popen(
            [binary, "--inspect", f"127.0.0.1:{app_port}", "--data-dir", data_dir, "--specials-url", specials_url],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        self.run("help")

    def _read(self):
        for line in self.process.stdout:
            with self.lock:
                self.lines.append(line.rstrip("\n"))

    def run(self, command):
        """Runs `command`, then `state`; returns the command's output lines and the state after it."""
        if self.process.poll() is not None:
            raise SystemExit(f"check-inspector-page: bistro ended ({self.process.returncode}): "
                             + self.process.stderr.read())
        with self.lock:
            start = len(self.lines)
        self.process.stdin.write(command + "\nstate\n")
        self.process.stdin.flush()

        def answered():
            with self.lock:
                lines = self.lines[start:]
            if "> state" not in lines:
                return None
            after = lines[lines.index("> state") + 1:]
            state = next((line for line in after if line.startswith("{")), None)
            return state and (lines[: lines.index("> state")], json.loads(state))
        return wait_for(f"bistro to answer {command!r}", answered)

    def state(self):
        return self.run("state")[1]

    def stop(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
                self.process.wait(timeout=5)
            except Exception:
                self.process.kill()


class SpecialsHandler(BaseHTTPRequestHandler):
    """Today's specials, as Bistro's `--specials-url` API answers them."""

    def do_GET(self):
        body = json.dumps([{"name": "soup of the day", "price": 650}]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


class Tool:
    def __init__(self, binary, port, app_port):
        self.port = port
        self.process = subprocess.Popen(
            [binary, "inspect", "--port", str(port), "--app-port", str(app_port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for("the tool to serve", lambda: self.get("/api/events?since=0") is not None)

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=5) as response:
            return response.read()

    def events(self):
        return json.loads(self.get("/api/events?since=0"))

    def stop(self):
        self.process.kill()
        self.process.wait(timeout=5)


def take_screenshots(browser, bistro, directory):
    """The guide's pictures: a few more screens and a change of quantity, each chosen on the strip (no travel)."""
    for command in ["open /menu/soup", "add soup 1", "open /order", "remove steak"]:
        bistro.run(command)

    def choose(kind, action=None):
        rows = [r for r in browser.find_elements(By.CSS_SELECTOR, f".event[data-type={kind}]")
                if action is None or r.get_attribute("data-action") == action]
        seq = rows[-1].get_attribute("data-seq")
        browser.execute_script(f"document.querySelector('#strip .mark[data-seq=\"{seq}\"]').click()")
        wait_for(f"#{seq} to be shown", lambda: browser.find_element(By.ID, "detail").get_attribute("data-seq") == seq)

    wait_for("the RemoveDish to show up",
             lambda: browser.find_elements(By.CSS_SELECTOR, ".event[data-action=RemoveDish]"))
    choose("action", "AddDish")
    browser.save_screenshot(os.path.join(directory, "inspector-timeline.png"))
    choose("navigation")
    browser.save_screenshot(os.path.join(directory, "inspector-navigation.png"))
    print("screenshots:", directory)


def main():
    screenshots = None
    if "--screenshots" in sys.argv:
        screenshots = os.path.join(ROOT, sys.argv[sys.argv.index("--screenshots") + 1])
        os.makedirs(screenshots, exist_ok=True)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    data_dir = tempfile.mkdtemp(prefix="bistro-inspect-")
    profile = tempfile.mkdtemp(prefix="chromium-")
    port, app_port = free_port(), free_port()
    bistro = tool = browser = None
    specials = ThreadingHTTPServer(("127.0.0.1", 0), SpecialsHandler)
    threading.Thread(target=specials.serve_forever, daemon=True).start()
    try:
        # 1. The app first, the tool after it.
        specials_url = f"http://127.0.0.1:{specials.server_address[1]}/specials"
        bistro = Bistro(os.path.join(bin_path, "bistro"), app_port, data_dir, specials_url)
        bistro.run("add soup 1")
        bistro.run("add bruschetta 2")
        tool = Tool(os.path.join(bin_path, "brigade-tool"), port, app_port)

        options = Options()
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1400,900", f"--user-data-dir={profile}"]:
            options.add_argument(argument)
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        browser = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                                   options=options)
        browser.get(f"http://127.0.0.1:{port}/")

        def added_rows():
            return [row for row in browser.find_elements(By.CSS_SELECTOR, ".event[data-type=action]")
                    if row.get_attribute("data-action") == "AddDish"]
        wait_for("the page to catch up on the two AddDish actions", lambda: len(added_rows()) == 2)
        wait_for("the page to say the app is connected",
                 lambda: browser.find_element(By.ID, "status").text == "connected")
        print("page caught up: 2 AddDish actions dispatched before the tool started")

        # 2. Live.
        bistro.run("add steak 1")
        wait_for("the third AddDish to show up live", lambda: len(added_rows()) == 3)
        print("live: the third AddDish appeared")

        # The filter keeps the rows it names.
        browser.find_element(By.ID, "filter").send_keys("AddDish")
        wait_for("the filter to keep only the AddDish rows",
                 lambda: [r.get_attribute("data-action") for r in browser.find_elements(By.CSS_SELECTOR, ".event")]
                 == ["AddDish"] * 3)
        browser.execute_script("const f = document.getElementById('filter'); f.value = '';"
                               "f.dispatchEvent(new Event('input'));")
        wait_for("the filter to be cleared", lambda: len(browser.find_elements(By.CSS_SELECTOR, ".event")) > 3)
        # A mark of the strip shows its action without travelling: the second AddDish added order[1].
        second = added_rows()[1].get_attribute("data-seq")
        browser.execute_script(f"document.querySelector('#strip .mark[data-seq=\"{second}\"]').click()")
        wait_for("the diff of the second AddDish: order[1] added",
                 lambda: [(r.get_attribute("data-path"), r.get_attribute("data-op"))
                          for r in browser.find_elements(By.CSS_SELECTOR, "#diff tr[data-path]")]
                 == [("order[1]", "added")])
        if browser.find_element(By.ID, "travel-banner").is_displayed():
            raise SystemExit("check-inspector-page: a mark of the strip made the app travel")
        where = browser.find_element(By.ID, "call-site").text
        if not re.match(r"at BistroKit/\w+\.swift:\d+\s+·\s+reducers \d+\.\d µs\s+·\s+\d+ subscribers? told"
                        r"(\s+·\s+\d+ view members? invalidated)?$", where):
            raise SystemExit(f"check-inspector-page: the action's call site and cost read {where!r}")
        print(f"filter, strip and diff: AddDish rows only; #{second} added order[1]; no travel")

        # 3. Time travel from the page: the app's own state goes back.
        events = tool.events()["events"]
        first_add = next(e for e in events if e.get("action") == "AddDish")
        recorded = first_add["state"]
        before = bistro.state()
        if before == recorded:
            raise SystemExit("check-inspector-page: the app is already in the first action's state")
        row = next(r for r in added_rows() if int(r.get_attribute("data-seq")) == first_add["seq"])
        row.click()
        wait_for("the app to travel back", lambda: bistro.state() == recorded)
        wait_for("the travel banner", lambda: browser.find_element(By.ID, "travel-banner").is_displayed())
        print(f"time travel: clicking #{first_add['seq']} put the app back to the state after it")
        if screenshots:
            browser.save_screenshot(os.path.join(screenshots, "inspector-travel.png"))

        # 4. Reload catches up; Resume; the app goes on from the travelled-to state.
        browser.refresh()
        wait_for("the reloaded page to catch up", lambda: len(added_rows()) == 3)
        browser.find_element(By.ID, "resume").click()
        wait_for("travel mode to end on the page",
                 lambda: not browser.find_element(By.ID, "travel-banner").is_displayed())
        bistro.run("add steak 1")
        after = bistro.state()
        if after == recorded or after == before:
            raise SystemExit(f"check-inspector-page: after resume and a new action the state is {after}")
        print("reload caught up; resume went on from the travelled-to state")

        # 5. The tool goes away and comes back: the app keeps running and the page catches up.
        tool.stop()
        kept = bistro.state()
        bistro.run("add soup 1")
        if bistro.state() == kept:
            raise SystemExit("check-inspector-page: the app stopped working while the tool was away")
        tool = Tool(os.path.join(bin_path, "brigade-tool"), port, app_port)
        browser.refresh()
        wait_for("the page to catch up after the tool restarted",
                 lambda: len(added_rows()) == 5 and browser.find_element(By.ID, "status").text == "connected")
        print("tool restarted: the app kept running, the page caught up (5 AddDish)")

        # 6. Export.
        session = tool.get("/api/session").decode().splitlines()
        if json.loads(session[0]).get("kind") != "hello" or len(session) < 6:
            raise SystemExit("check-inspector-page: the export is not a session file")
        print("export: a session file of", len(session) - 1, "events")

        # 7. The network: the specials screen's call is a row, chosen by kind; its details redact header values.
        bistro.run("open /specials")
        browser.execute_script("const k = document.getElementById('kind'); k.value = 'network';"
                               "k.dispatchEvent(new Event('change'));")
        call = wait_for("the specials call to show up as a network row",
                        lambda: [r for r in browser.find_elements(By.CSS_SELECTOR, ".event")
                                 if r.get_attribute("data-type") == "network" and "GET /specials → 200" in r.text])
        if any(r.get_attribute("data-type") != "network" for r in browser.find_elements(By.CSS_SELECTOR, ".event")):
            raise SystemExit("check-inspector-page: the network filter kept other rows")
        call[0].click()
        table = wait_for("the call's details",
                         lambda: browser.find_element(By.CSS_SELECTOR, "#detail table.network").text)
        if "← content-type <redacted>" not in table or " ms" not in table:
            raise SystemExit(f"check-inspector-page: the call's details are {table!r}")
        if browser.find_element(By.ID, "travel-banner").is_displayed():
            raise SystemExit("check-inspector-page: choosing a network row made the app travel")
        print("network: GET /specials → 200 is a row; its header values are redacted")
        browser.execute_script("const k = document.getElementById('kind'); k.value = '';"
                               "k.dispatchEvent(new Event('change'));")

        # 8. Dispatch from the page: a recorded kind, its payload edited.
        browser.find_element(By.ID, "drive-open").click()
        wait_for("the recorded kinds in the dispatch list",
                 lambda: "AddDish" in [o.get_attribute("value") for o in
                                       browser.find_elements(By.CSS_SELECTOR, "#dispatch-action option")])
        browser.execute_script("const s = document.getElementById('dispatch-action'); s.value = 'AddDish';"
                               "s.dispatchEvent(new Event('change'));"
                               "document.getElementById('dispatch-payload').value = "
                               "JSON.stringify({dish: 'steak', quantity: 7});")
        browser.find_element(By.ID, "dispatch-send").click()
        wait_for("the page's AddDish in the app",
                 lambda: any(line == {"dish": "steak", "quantity": 7} or
                             (line["dish"] == "steak" and line["quantity"] >= 7) for line in bistro.state()["order"]))
        wait_for("the page's AddDish as a row of origin tool",
                 lambda: [r for r in browser.find_elements(By.CSS_SELECTOR, ".event[data-action=AddDish]")
                          if r.find_elements(By.CSS_SELECTOR, ".chip.tool")])
        print("dispatch: AddDish {steak, 7} sent from the page reached the app (origin tool)")

        # 9. Skip a recorded action (chosen on the strip: no travel), then put it back.
        bistro.run("add bruschetta 1")
        bistro.run("add soup 1")

        def quantity(state, dish):
            return sum(line["quantity"] for line in state["order"] if line["dish"] == dish)
        kept = bistro.state()
        rows = wait_for("the new AddDish rows", lambda: [
            r for r in browser.find_elements(By.CSS_SELECTOR, ".event[data-action=AddDish]")][-2:])
        bruschetta = rows[0].get_attribute("data-seq")
        browser.execute_script(f"document.querySelector('#strip .mark[data-seq=\"{bruschetta}\"]').click()")
        wait_for(f"#{bruschetta} to be shown",
                 lambda: browser.find_element(By.ID, "detail").get_attribute("data-seq") == bruschetta)
        browser.find_element(By.ID, "skip-toggle").click()
        wait_for("the app recomputed without the skipped AddDish",
                 lambda: quantity(bistro.state(), "bruschetta") == quantity(kept, "bruschetta") - 1
                 and quantity(bistro.state(), "soup") == quantity(kept, "soup"))
        wait_for("the skipped row struck through",
                 lambda: "skipped" in browser.find_element(By.ID, f"event-{bruschetta}").get_attribute("class"))
        browser.execute_script(f"document.querySelector('#strip .mark[data-seq=\"{bruschetta}\"]').click()")
        wait_for("the button to put it back", lambda: browser.find_element(By.ID, "skip-toggle").text == "Put it back")
        browser.find_element(By.ID, "skip-toggle").click()
        wait_for("the app with the AddDish again", lambda: bistro.state()["order"] == kept["order"])
        print(f"skip: the app recomputed its order without #{bruschetta}, then with it again")

        # 10. Import a state.
        imported = bistro.state()
        imported["language"] = "fr"
        browser.execute_script("document.getElementById('import-state').value = arguments[0];", json.dumps(imported))
        browser.find_element(By.ID, "import-send").click()
        wait_for("the imported state in the app", lambda: bistro.state()["language"] == "fr")
        wait_for("the import as a row", lambda: browser.find_elements(By.CSS_SELECTOR, ".event[data-action='@import']"))
        print("import: the page's state became the app's (language fr), recorded as @import")
        if screenshots:
            take_screenshots(browser, bistro, screenshots)
        print("check-inspector-page: the page works in Chromium")
    finally:
        if browser:
            browser.quit()
        if bistro:
            bistro.stop()
        if tool:
            tool.stop()
        specials.shutdown()
        shutil.rmtree(data_dir, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
