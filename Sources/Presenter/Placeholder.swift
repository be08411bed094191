/// Brigade's presenter component.
