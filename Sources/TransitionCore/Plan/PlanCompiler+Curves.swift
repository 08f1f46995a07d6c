extension PlanCompiler {
    /// The curve of `track` on `target`, starting from its explicit `from` or the current model value;
    /// afterwards the model holds the track's final value.
    mutating func makeCurve(
        _ track: Track, target: RoleTarget, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> CompiledTrack.Curve {
        let property = track.property
        let node = target.node
        if let keyframes = track.keyframes {
            return try makeKeyframeCurve(keyframes, property: property, target: target, path: path() + ".keyframes")
        }
        guard let toValue = track.to else {
            throw TransitionCoreError(.invalidAnimator, parameter: path(), "needs \"to\" or \"keyframes\"")
        }
        let to = try resolve(toValue, for: property, target: target, path: path() + ".to")
        let from =
            try track.from.map { (value) throws(TransitionCoreError) in
                try resolve(value, for: property, target: target, path: path() + ".from")
            } ?? currentValue(of: property, node: node)
        let curve: CompiledTrack.Curve
        switch (from, to) {
        case (.transform(let start), .transform(let end)):
            curve = .transform(TransformCurve(TransformInterpolator(from: start, to: end)))
        case (_, .flag(let flag)):
            curve = .flag(flag)
        default:
            curve = .vector(from: vector(from, node: node), to: vector(to, node: node))
        }
        setModel(to, property: property, node: node)
        return curve
    }

    /// The model value of `property` of `node` as a resolved value.
    func currentValue(of property: AnimatableProperty, node: Int) -> ResolvedValue {
        let value = model[node]
        switch property {
        case .position: return .point(value.position)
        case .anchorPoint: return .point(value.anchorPoint)
        case .size: return .size(value.size)
        case .frame:
            return .rect(
                Rect(
                    x: value.position.x - value.anchorPoint.x * value.size.width,
                    y: value.position.y - value.anchorPoint.y * value.size.height,
                    width: value.size.width, height: value.size.height))
        case .transform: return .transform(modelTransforms[node])
        case .alpha: return .number(value.alpha)
        case .zIndex: return .number(value.zIndex)
        case .hidden: return .flag(value.hidden)
        case .masksToBounds: return .flag(value.appearance.masksToBounds)
        case .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius:
            return .number(value.appearance.number(of: property) ?? 0)
        case .shadowOffset: return .size(value.appearance.shadowOffset)
        case .backgroundColor, .borderColor, .shadowColor:
            return .color(value.appearance.color(of: property) ?? .clear)
        }
    }

    /// Components for linear interpolation; a frame becomes (position x, position y, width, height) with the
    /// node's current anchor point, so interpolating them interpolates the frame.
    private func vector(_ value: ResolvedValue, node: Int) -> SIMD4<Double> {
        switch value {
        case .point(let point): return SIMD4(point.x, point.y, 0, 0)
        case .size(let size): return SIMD4(size.width, size.height, 0, 0)
        case .rect(let rect):
            let anchor = model[node].anchorPoint
            return SIMD4(
                rect.origin.x + anchor.x * rect.size.width, rect.origin.y + anchor.y * rect.size.height,
                rect.size.width, rect.size.height)
        case .number(let number): return SIMD4(number, 0, 0, 0)
        case .flag(let flag): return SIMD4(flag ? 1 : 0, 0, 0, 0)
        case .color(let color): return SIMD4(color.red, color.green, color.blue, color.alpha)
        case .transform: return .zero
        }
    }

    private mutating func makeKeyframeCurve(
        _ template: KeyframeTemplate, property: AnimatableProperty, target: RoleTarget, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> CompiledTrack.Curve {
        var values: [ResolvedValue] = []
        for (index, value) in template.values.enumerated() {
            values.append(try resolve(value, for: property, target: target, path: path() + ".values[\(index)]"))
        }
        // CAKeyframeAnimation's timing functions are cubic Béziers; linear is the Bézier (0, 0, 1, 1).
        var segmentCurves: [CubicBezier?]?
        if let timingFunctions = template.timingFunctions {
            var curves: [CubicBezier?] = []
            for (index, timing) in timingFunctions.enumerated() {
                switch timing {
                case nil: curves.append(nil)
                case .linear?: curves.append(.linear)
                case .cubicBezier(let curve)?:
                    // The curve's y stays within the hull of 0, y1, y2 and 1: bounded as a track's progress is.
                    let range = CompiledTrack.progressRange
                    guard range.contains(curve.y1), range.contains(curve.y2) else {
                        throw TransitionCoreError(
                            .invalidValue, parameter: path() + ".timingFunctions[\(index)]",
                            "a keyframe segment's curve must keep y1 and y2 within \(range.lowerBound) and "
                                + "\(range.upperBound), got \(curve.y1) and \(curve.y2)")
                    }
                    curves.append(curve)
                default:
                    throw TransitionCoreError(
                        .invalidAnimator, parameter: path() + ".timingFunctions[\(index)]",
                        "keyframe segments take linear or cubic Bézier timing functions")
                }
            }
            segmentCurves = curves
        }
        func build<Value: KeyframeInterpolatable>(_ extract: (ResolvedValue) -> Value?) throws(TransitionCoreError)
            -> KeyframeCurve<Value>
        {
            let typed = values.compactMap(extract)
            do {
                return KeyframeCurve(
                    try Keyframes(
                        values: typed, keyTimes: template.keyTimes, timingFunctions: segmentCurves,
                        calculationMode: template.calculationMode))
            } catch {
                throw TransitionCoreError(.invalidAnimator, parameter: path() + "." + error.parameter, error.message)
            }
        }
        let curve: CompiledTrack.Curve
        switch property {
        case .position, .anchorPoint:
            curve = .pointKeyframes(try build { if case .point(let point) = $0 { point } else { nil } })
        case .size, .shadowOffset:
            curve = .sizeKeyframes(try build { if case .size(let size) = $0 { size } else { nil } })
        case .frame:
            curve = .rectKeyframes(try build { if case .rect(let rect) = $0 { rect } else { nil } })
        case .transform:
            curve = .transformKeyframes(try build { if case .transform(let list) = $0 { list } else { nil } })
        case .backgroundColor, .borderColor, .shadowColor:
            curve = .colorKeyframes(try build { if case .color(let color) = $0 { color } else { nil } })
        case .alpha, .zIndex, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius:
            curve = .numberKeyframes(try build { if case .number(let number) = $0 { number } else { nil } })
        case .hidden, .masksToBounds:
            throw TransitionCoreError(
                .invalidAnimator, parameter: path(),
                "\(property.rawValue) switches at once; use a track with \"to\" in a phase instead"
            )
        }
        if let last = values.last { setModel(last, property: property, node: target.node) }
        return curve
    }
}
