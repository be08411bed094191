// The names Brigade used before issue 26 for what this module now calls by other names. Each is a
// deprecated alias: code written for them compiles, with a warning that names the replacement. A type alias must live
// in the module of the type it names, so every module with renamed names has its own VISPERNames.swift.

/// The earlier name of ``StorableEntity`` (renamed: `Entity` is also the name of RealityKit's entity class).
@available(*, deprecated, renamed: "StorableEntity")
public typealias Entity = StorableEntity
