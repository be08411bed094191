@_exported import BrigadeCore
@_exported import BrigadeEntity
@_exported import BrigadeKitchen
@_exported import BrigadeNavigation
@_exported import BrigadePresenter
@_exported import BrigadeReactive
@_exported import BrigadeRedux
@_exported import BrigadeWireframe
