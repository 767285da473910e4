extension String {
    /// `trimmingCharacters(in: .whitespaces)` (tab and the space separators, Zs) without
    /// Foundation: that bridged every field to NSString and back, two thirds of reading a name
    /// list (perf, `places import --names` of GeoNames' 144k rows). A field with no space at
    /// either end, nearly all, is returned as it is.
    package var trimmedOfWhitespace: String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == " " || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else { return self }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }
}
