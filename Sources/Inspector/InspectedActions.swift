import BrigadeRedux

/// A batch of an attached store's actions as its log kept them: encoded one by one on the recorder's queue, numbered
/// from the batch's seq.
protocol InspectedActions: AnyObject, Sendable {
    /// How many actions.
    var count: Int { get }
    /// The offsets of the actions effects dispatched, with the effect's serial.
    var fromEffects: [(offset: Int, serial: Int)] { get }
    /// The action at `offset` as an event to encode, its state boxed.
    func event(at offset: Int) -> InspectorRecorder.Raw.Event
    /// The state after the action at `offset`, boxed: for time travel.
    func state(at offset: Int) -> any Sendable
}

/// A store's log's batch, in the store's state type: one object per batch, where each action would otherwise have its
/// state boxed on the main actor.
extension _InspectionLog._Batch: InspectedActions {
    var count: Int { entries.count }

    func event(at offset: Int) -> InspectorRecorder.Raw.Event {
        let entry = entries[offset]
        let cost = cost(at: offset)
        return .action(
            time: entry._ended, action: entry._action, origin: entry._origin, state: entry._state, site: entry._site,
            started: entry._started, notified: cost._notified, invalidated: cost._invalidated)
    }

    func state(at offset: Int) -> any Sendable {
        entries[offset]._state
    }
}
