import BrigadeCore

@MainActor
final class BenchFeature: Feature {}

@MainActor
final class BenchObserver: FeatureObserver {
    var seen = 0
    func featureAdded(application: any FeatureApp, feature: any Feature) throws { seen &+= 1 }
}

/// 1,000 features added to a `DefaultApp` with 5 observers: one operation is the 1,000 additions to a fresh app,
/// made (untimed) by `prepare`.
func compositionWorkloads() -> [Workload] {
    [
        Workload("Composition/1000 features, 5 observers", operationsPerSample: 1) {
            @MainActor
            final class Fresh {
                var app = DefaultApp()
                var features: [BenchFeature] = []
            }
            let fresh = Fresh()
            return Runner(
                maxBatch: 1,
                prepare: {
                    fresh.app = DefaultApp(featureObservers: (0..<5).map { _ in BenchObserver() })
                    fresh.features = (0..<1_000).map { _ in BenchFeature() }
                },
                run: { _ in
                    for feature in fresh.features {
                        try? fresh.app.add(feature: feature)
                    }
                    consume(fresh.app)
                }
            )
        }
    ]
}
