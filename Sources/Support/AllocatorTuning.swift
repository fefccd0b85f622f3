#if canImport(Glibc)
    import CMalloc
#endif

/// glibc's allocator set for a process that makes documents one after another (mkpdf's commands, the benchmark).
///
/// A document allocates many small objects and a few buffers of a kilobyte or more (zlib's state, a file's bytes,
/// a text's glyphs), and glibc empties every fast bin into its free lists before each such larger request, walking
/// chunks freed moments before. With fast bins off, small chunks are still served from the thread's cache first; only
/// the chunks beyond it go to the free lists at once. Process-wide, so only an executable sets it; a program using the
/// library decides for its own process.
package enum AllocatorTuning {
    /// Turns glibc's fast bins off (`mallopt(M_MXFAST, 0)`); does nothing on other C libraries.
    package static func tuneForDocuments() {
        #if canImport(Glibc)
            _ = mallopt(M_MXFAST, 0)
        #endif
    }
}
