import Foundation

extension RetryPolicy {
    /// The wait a 429 or 503 `response` asks for in its `Retry-After` header (delta-seconds or an HTTP date, RFC
    /// 9110 §10.2.3), cut to ``maxDelay``; `nil` when there is none or it cannot be read, so the backoff applies.
    func retryAfter(_ response: APIResponse, now: Date) -> Duration? {
        guard response.status == 429 || response.status == 503,
            let value = response.headers["retry-after"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        let wait: Duration
        if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // More digits than a Duration holds is a wait longer than any maximum.
            wait = Int64(value).map { .seconds($0) } ?? maxDelay
        } else if let date = Self.httpDate(value) {
            wait = .milliseconds(Int64(max(0, min(date.timeIntervalSince(now), 1e12)) * 1_000))
        } else {
            return nil
        }
        return min(wait, maxDelay)
    }

    /// `value` read as an HTTP date: the IMF-fixdate form, or the obsolete RFC 850 and asctime forms.
    private static func httpDate(_ value: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: value) {
                return date
            }
        }
        return nil
    }
}
