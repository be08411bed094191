/// Host names in the one form Brigade compares them in: lowercased, each label with characters outside ASCII written
/// in Punycode (RFC 3492) behind `xn--`, as a URL's text carries them (`bücher.example` is `xn--bcher-kva.example`).
enum HostName {
    /// `host` in ASCII form: `Bücher.Example` and `xn--bcher-kva.example` both give `xn--bcher-kva.example`.
    static func ascii<Text: StringProtocol>(_ host: Text) -> String {
        let lowered = host.lowercased()
        guard !lowered.unicodeScalars.allSatisfy(\.isASCII) else { return lowered }
        return lowered.split(separator: ".", omittingEmptySubsequences: false).map { label in
            label.unicodeScalars.allSatisfy(\.isASCII) ? String(label) : "xn--" + punycode(Array(label.unicodeScalars))
        }.joined(separator: ".")
    }

    private static let base = 36
    private static let minimumThreshold = 1
    private static let maximumThreshold = 26

    /// The Punycode of `scalars` (RFC 3492, section 6.3), without the `xn--` prefix.
    private static func punycode(_ scalars: [Unicode.Scalar]) -> String {
        var output = String.UnicodeScalarView(scalars.filter(\.isASCII))
        let basicCount = output.count
        if basicCount > 0 {
            output.append("-")
        }
        var codePoint = 128
        var delta = 0
        var bias = 72
        var handled = basicCount
        while handled < scalars.count {
            let next = scalars.lazy.map { Int($0.value) }.filter { $0 >= codePoint }.min() ?? codePoint
            delta += (next - codePoint) * (handled + 1)
            codePoint = next
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < codePoint {
                    delta += 1
                }
                guard value == codePoint else { continue }
                var remainder = delta
                var position = base
                while true {
                    let threshold = Swift.min(
                        Swift.max(position - bias, minimumThreshold), maximumThreshold)
                    if remainder < threshold { break }
                    output.append(digit(threshold + (remainder - threshold) % (base - threshold)))
                    remainder = (remainder - threshold) / (base - threshold)
                    position += base
                }
                output.append(digit(remainder))
                bias = adapt(delta, count: handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            codePoint += 1
        }
        return String(output)
    }

    /// The bias adaptation of RFC 3492, section 6.1.
    private static func adapt(_ delta: Int, count: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / 700 : delta / 2
        delta += delta / count
        var position = 0
        while delta > ((base - minimumThreshold) * maximumThreshold) / 2 {
            delta /= base - minimumThreshold
            position += base
        }
        return position + (base - minimumThreshold + 1) * delta / (delta + 38)
    }

    private static func digit(_ value: Int) -> Unicode.Scalar {
        let ascii = value < 26 ? 0x61 + value : 0x30 + value - 26
        return Unicode.Scalar(UInt8(ascii))
    }
}
