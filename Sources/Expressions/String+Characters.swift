extension String {
    /// The text of `characters`, a piece of a text the expression readers hold as an array of characters (their
    /// offsets are the columns errors report).
    ///
    /// Appended one by one, in code specialised for the slice: the standard library's `String.init` over any
    /// sequence of characters is not inlinable, so it runs unspecialised and its first call has the runtime look
    /// the slice's iterator and element types up by name.
    init(characters: ArraySlice<Character>) {
        self.init()
        for character in characters { append(character) }
    }
}
