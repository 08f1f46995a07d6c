extension CompiledTrack {
    /// Writes an appearance track's interpolated components into `state`: (value, _, _, _) for numbers,
    /// (width, height, _, _) for the shadow offset, (red, green, blue, alpha) for colours.
    ///
    /// What a spring's or curve's overshoot takes out of range is clamped as Core Animation clamps it when
    /// it renders: lengths at 0, the shadow's opacity and colour components to 0…1. The shadow offset is
    /// not clamped (it may be negative).
    static func applyAppearance(_ value: SIMD4<Double>, slot: Slot, to state: inout NodeState) {
        let length = max(value.x, 0)
        let color = Color(
            red: min(max(value.x, 0), 1), green: min(max(value.y, 0), 1), blue: min(max(value.z, 0), 1),
            alpha: min(max(value.w, 0), 1))
        switch slot {
        case .cornerRadius: state.changeAppearance { $0.cornerRadius = length }
        case .borderWidth: state.changeAppearance { $0.borderWidth = length }
        case .shadowRadius: state.changeAppearance { $0.shadowRadius = length }
        case .shadowOpacity: state.changeAppearance { $0.shadowOpacity = min(length, 1) }
        case .shadowOffset: state.changeAppearance { $0.shadowOffset = Size(width: value.x, height: value.y) }
        case .backgroundColor: state.changeAppearance { $0.backgroundColor = color }
        case .borderColor: state.changeAppearance { $0.borderColor = color }
        case .shadowColor: state.changeAppearance { $0.shadowColor = color }
        case .position, .size, .frame, .anchorPoint, .transform, .alpha, .hidden, .zIndex, .masksToBounds: return
        }
    }
}
