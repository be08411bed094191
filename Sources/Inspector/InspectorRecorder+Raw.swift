import BrigadeCore
import BrigadeRedux

extension InspectorRecorder {
    /// An event as it is handed over, or a batch of actions: values only, encoded later on the queue. Its seq (the
    /// first of a batch's) is 0 while it waits behind the store's open log; it is numbered when handed over.
    struct Raw: Sendable {
        var seq: Int
        var kind: Kind

        /// How many events: a batch's actions, else 1.
        var count: Int {
            if case .actions(let actions) = kind {
                return actions.count
            }
            return 1
        }

        /// One event, or a batch of actions.
        enum Kind: Sendable {
            case event(Event)
            /// The actions of an attached store's dispatches, as its log kept them (numbered from the seq).
            case actions(any InspectedActions)
        }

        /// One event, as it is handed over.
        enum Event: Sendable {
            /// An action and the state after it, recorded at `time`; dispatched at `site`, its reducers started at
            /// `started` (0 when not measured), both in nanoseconds since 1970; the notification rounds after it told
            /// `notified` subscribers, and invalidated `invalidated` members read by observable views.
            case action(
                time: Int64, action: any Action, origin: Origin, state: any Sendable, site: DispatchSite?,
                started: Int64, notified: Int32, invalidated: Int32)
            /// A travel to the state after `to`, or its failure.
            case travel(time: Double, to: Int, state: (any Sendable)?, error: String?)
            /// An event with nothing to encode, its seq set when it is encoded (indirect: an event is some 300 bytes,
            /// and the common case, an action, about 120; inline, it would make every slot of the pending arrays as
            /// large).
            indirect case ready(InspectorEvent)

            /// The state after the action, kept for time travel: `nil` but for an action.
            var actionState: (any Sendable)? {
                if case .action(_, _, _, let state, _, _, _, _) = self {
                    return state
                }
                return nil
            }

            /// The state the event carries, if any.
            var state: (any Sendable)? {
                switch self {
                case .action(_, _, _, let state, _, _, _, _): return state
                case .travel(_, _, let state, _): return state
                case .ready: return nil
                }
            }
        }

        /// The state after the action numbered `seq` (one of this event's), kept for time travel: `nil` but for an
        /// action.
        func actionState(at seq: Int) -> (any Sendable)? {
            switch kind {
            case .event(let event): return event.actionState
            case .actions(let actions): return actions.state(at: seq - self.seq)
            }
        }

        /// Whether the event is an action, or holds actions: their states are kept for time travel.
        var hasActionState: Bool {
            switch kind {
            case .event(let event): return event.actionState != nil
            case .actions: return true
            }
        }

        /// The last state the event carries, if any: the base of the next diff.
        var lastState: (any Sendable)? {
            switch kind {
            case .event(let event): return event.state
            case .actions(let actions): return actions.count > 0 ? actions.state(at: actions.count - 1) : nil
            }
        }
    }
}
