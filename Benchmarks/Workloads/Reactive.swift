import BrigadeReactive
import OpenCombine

/// `ObservableProperty` against OpenCombine's `CurrentValueSubject`.
func reactiveWorkloads() -> [Workload] {
    [1, 10, 100].flatMap { count in
        [
            Workload("ObservableProperty/set \(count) subscribers") {
                let property = ObservableProperty(0)
                let total = Total()
                let bag = SubscriptionReferenceBag()
                for _ in 0..<count {
                    property.subscribe { total.value &+= $0 }.add(to: bag)
                }
                return Runner { operations in
                    for iteration in 0..<operations {
                        property.value = iteration
                    }
                    consume(total.value)
                    consume(bag)
                }
            },
            Workload("OpenCombine/send \(count) sinks") {
                let subject = CurrentValueSubject<Int, Never>(0)
                let total = Total()
                var cancellables: [AnyCancellable] = []
                for _ in 0..<count {
                    cancellables.append(subject.sink { total.value &+= $0 })
                }
                let kept = cancellables
                return Runner { operations in
                    for iteration in 0..<operations {
                        subject.send(iteration)
                    }
                    consume(total.value)
                    consume(kept)
                }
            },
        ]
    }
}
