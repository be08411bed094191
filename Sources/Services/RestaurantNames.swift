// The services' names before they were named for what they do (docs/Glossary.md keeps the restaurant metaphor).

/// The old name of ``BundledResources``.
@available(*, deprecated, renamed: "BundledResources")
public typealias Larder = BundledResources

/// The old name of ``BundledResourcesError``.
@available(*, deprecated, renamed: "BundledResourcesError")
public typealias LarderError = BundledResourcesError

/// The old name of ``Translations``.
@available(*, deprecated, renamed: "Translations")
public typealias Sommelier = Translations

/// The old name of ``Translations/Table``.
@available(*, deprecated, renamed: "Translations.Table")
public typealias TextTable = Translations.Table
