// A macOS app's file that imports Brigade, SwiftUI and Combine together, as `scripts/check-apple-stand-ins` compiles
// it: `App`, `Settings`, `Subscription`, `State` and `Binding` written unqualified must mean SwiftUI's and Combine's,
// not be ambiguous with a name Brigade exports (Brigade's are `FeatureApp`, `SettingsFile` and
// `SubscriptionReference`). `Settings` is a macOS scene; Linux does not check availability.
import Brigade
import Combine
import SwiftUI

@main
struct KitchenDisplayApp: App {
    @State private var orders = ["Soup", "Tart"]

    var body: some Scene {
        WindowGroup {
            OrderList(orders: $orders)
        }
        Settings {
            Text("Preferences")
        }
    }
}

struct OrderList: View {
    @Binding var orders: [String]

    var body: some View {
        Text("\(orders.count) orders")
    }
}

/// A Combine subscription, next to Brigade's own `SubscriptionReference`.
final class OrderFeed: Subscription {
    private let reference: SubscriptionReference?

    init(reference: SubscriptionReference?) {
        self.reference = reference
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        reference?.dispose()
    }
}

/// Brigade's renamed types, used in the same file.
@MainActor
func describe(app: any FeatureApp, settings: SettingsFile, feed: any Subscription) -> AnyCancellable {
    AnyCancellable(feed)
}
