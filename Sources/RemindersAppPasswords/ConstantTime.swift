/// Whether two byte strings are equal, looking at every byte whatever the first difference: the
/// time taken says nothing of how much of a secret matched.
func equalInConstantTime(_ one: [UInt8], _ two: [UInt8]) -> Bool {
    guard one.count == two.count else { return false }
    var difference: UInt8 = 0
    for index in one.indices { difference |= one[index] ^ two[index] }
    return difference == 0
}
