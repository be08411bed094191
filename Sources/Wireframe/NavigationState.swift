import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a navigator shows, as links: the navigation stack, bottom first, and the chain of modals above it, each with
/// the style it is presented with. Codable, so an app saves it at suspension and restores it at launch.
///
/// ```swift
/// let saved = try wireframe.navigationState()              // stack, modals and their styles, query items included
/// let data = try JSONEncoder().encode(saved)
/// // at the next launch:
/// try await wireframe.route(state: JSONDecoder().decode(NavigationState.self, from: data))
/// ```
///
/// Each URL was built by reverse routing, which checks that it routes back to the same pattern and values, so a
/// restored screen gets the parameters (as text) the saved one had. As a list of links, a state is ``urls``; the
/// modal styles are kept beside them (a style is not a route parameter, so it is not written into a URL).
public struct NavigationState: Hashable, Sendable, Codable {
    /// A modal of the chain: its link and the style it is presented with.
    public struct Modal: Hashable, Sendable, Codable {
        /// The modal's URL.
        public var url: URL
        /// How it is presented.
        public var style: NavigationModalStyle

        /// Creates a modal entry.
        public init(url: URL, style: NavigationModalStyle = .sheet) {
            self.url = url
            self.style = style
        }

        /// Reads `{"url": …, "style": …}`, or a bare URL (a state saved before styles were kept) as a sheet.
        public init(from decoder: any Decoder) throws {
            if let url = try? decoder.singleValueContainer().decode(URL.self) {
                self.init(url: url)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                url: try container.decode(URL.self, forKey: .url),
                style: try container.decodeIfPresent(NavigationModalStyle.self, forKey: .style) ?? .sheet)
        }
    }

    /// The navigation stack, bottom first.
    public var stack: [URL]
    /// The modals, the first presented first, with their styles.
    public var modals: [Modal]

    /// Creates a state.
    public init(stack: [URL], modals: [Modal] = []) {
        self.stack = stack
        self.modals = modals
    }

    /// Creates a state whose modals are all presented in `style`.
    public init(stack: [URL], modalURLs: [URL], style: NavigationModalStyle = .sheet) {
        self.init(stack: stack, modals: modalURLs.map { Modal(url: $0, style: style) })
    }

    /// Every link, the stack's bottom first, then the modals': what ``init(urls:modalStyles:)`` reads back.
    public var urls: [URL] { stack + modals.map(\.url) }

    /// The styles of the modals, the first presented first.
    public var modalStyles: [NavigationModalStyle] { modals.map(\.style) }

    /// The state whose links are `urls` (the stack, then the modals) and whose last `modalStyles.count` links are the
    /// modals, in those styles: the inverse of ``urls`` and ``modalStyles``. `nil` when there are more styles than
    /// links.
    public init?(urls: [URL], modalStyles: [NavigationModalStyle]) {
        guard modalStyles.count <= urls.count else { return nil }
        let stackCount = urls.count - modalStyles.count
        self.init(
            stack: Array(urls.prefix(stackCount)),
            modals: zip(urls.dropFirst(stackCount), modalStyles).map { Modal(url: $0, style: $1) })
    }
}
