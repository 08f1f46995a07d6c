import JSON
import Testing
import TransitionTestSupport

@Suite("JSONObject")
struct JSONObjectTests {
    @Test("Insertion order is kept; replacing keeps the position; removing closes the gap")
    func order() {
        var object = JSONObject()
        object["c"] = 1
        object["a"] = 2
        object["b"] = 3
        #expect(object.keys == ["c", "a", "b"])
        object["a"] = "replaced"
        #expect(object.keys == ["c", "a", "b"])
        #expect(object["a"] == "replaced")
        object["c"] = nil
        #expect(object.keys == ["a", "b"])
        #expect(object.count == 2)
        #expect(object["c"] == nil)
        object["c"] = .null
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["c"] == .null, "a null member is present, unlike a missing one")
        #expect(object.map(\.key) == ["a", "b", "c"])
        #expect(object.values == ["replaced", 3, nil])
    }

    @Test("updateValue and removeValue report the previous value")
    func previousValues() {
        var object: JSONObject = ["x": 1]
        #expect(object.updateValue(2, forKey: "x") == 1)
        #expect(object.updateValue(3, forKey: "y") == nil)
        #expect(object.removeValue(forKey: "x") == 2)
        #expect(object.removeValue(forKey: "x") == nil)
        #expect(object.keys == ["y"])
        #expect(object.index(forKey: "y") == 0)
        #expect(!object.isEmpty)
    }

    @Test("valueIfPresent reads a member as decodeIfPresent does: absent and null are both not given")
    func valueIfPresent() {
        var object: JSONObject = ["given": 1, "empty": nil, "list": [nil]]
        #expect(object.valueIfPresent(forKey: "given") == 1)
        #expect(object.valueIfPresent(forKey: "empty") == nil)
        #expect(object.valueIfPresent(forKey: "absent") == nil)
        #expect(object.valueIfPresent(forKey: "list") == [nil], "only the member's own null counts")
        for index in 0..<20 { object["key\(index)"] = .null }  // past the size at which lookups use an index
        object["late"] = false
        #expect(object.valueIfPresent(forKey: "late") == false, "read through the index of a large object")
        #expect(object.valueIfPresent(forKey: "key3") == nil)
    }

    @Test("Equality and hashing ignore order but not content")
    func equality() {
        let forward: JSONObject = ["a": 1, "b": [true], "c": nil]
        let backward: JSONObject = ["c": nil, "b": [true], "a": 1]
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward != ["a": 1, "b": [false], "c": nil])
        #expect(forward != ["a": 1, "b": [true]])
        #expect(forward != ["a": 1, "b": [true], "d": nil])
        #expect(Set<JSONValue>([.object(forward), .object(backward)]).count == 1)
    }

    @Test("Large objects stay consistent through inserts, replacements and removals")
    func largeObjects() {
        let seed: UInt64 = 0x5EED_0005
        var generator = SeededGenerator(seed: seed)
        var object = JSONObject()
        var reference: [(key: String, value: Int)] = []
        for step in 0..<3_000 {
            let key = "k\(Int.random(in: 0..<120, using: &generator))"
            let value = Int.random(in: 0..<1_000, using: &generator)
            if Int.random(in: 0..<4, using: &generator) == 0 {
                object[key] = nil
                reference.removeAll { $0.key == key }
            } else {
                object[key] = .number(Double(value))
                if let position = reference.firstIndex(where: { $0.key == key }) {
                    reference[position].value = value
                } else {
                    reference.append((key, value))
                }
            }
            if step % 100 == 0 || step == 2_999 {
                #expect(object.keys == reference.map(\.key), "seed \(seed) step \(step)")
                for (position, member) in reference.enumerated() {
                    #expect(object.index(forKey: member.key) == position, "seed \(seed) step \(step)")
                    #expect(object[member.key]?.intValue == member.value, "seed \(seed) step \(step)")
                }
            }
        }
    }
}
