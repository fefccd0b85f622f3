import CHaru
import Foundation

/// libHaru's memory streams written with `memcpy`: the same blocks, positions and sizes as libHaru's own write
/// (`HPDF_MemStream_WriteFunc`), which copies byte by byte — a page's content stream takes every operator a page
/// draws, so its copies cost a batch ticket more than formatting the operators did.
enum MemoryStream {
    /// Makes `stream`'s writes go through `write`; a stream that is not libHaru's memory stream is left as it is.
    static func copyWrites(of stream: HPDF_Stream?) {
        guard let stream, stream.pointee.type == HPDF_STREAM_MEMORY, stream.pointee.attr != nil else { return }
        stream.pointee.write_fn = write
    }

    /// `HPDF_MemStream_WriteFunc` and `HPDF_MemStream_InWrite` of libHaru 2.3.0, step for step: fill the current block,
    /// then add a block of the stream's block size to its list and go on; nothing is written once the document holds
    /// an error.
    private static let write: HPDF_Stream_Write_Func = { stream, bytes, size in
        guard let stream, let attr = stream.pointee.attr?.assumingMemoryBound(to: HPDF_MemStreamAttr_Rec.self) else {
            return HPDF_STATUS(HPDF_INVALID_STREAM)
        }
        if HPDF_Error_GetCode(stream.pointee.error) != 0 { return HPDF_STATUS(HPDF_THIS_FUNC_WAS_SKIPPED) }
        guard var source = bytes else { return size == 0 ? HPDF_STATUS(HPDF_OK) : HPDF_STATUS(HPDF_INVALID_PARAMETER) }
        var left = Int(size)
        while left > 0 {
            let room = Int(attr.pointee.buf_siz) - Int(attr.pointee.w_pos)
            if room > 0, let target = attr.pointee.w_ptr {
                let count = min(room, left)
                memcpy(target, source, count)
                attr.pointee.w_ptr = target + count
                attr.pointee.w_pos += HPDF_UINT(count)
                source += count
                left -= count
                continue
            }
            guard let block = HPDF_GetMem(stream.pointee.mmgr, attr.pointee.buf_siz) else {
                return HPDF_Error_GetCode(stream.pointee.error)
            }
            let buffer = block.assumingMemoryBound(to: HPDF_BYTE.self)
            guard HPDF_List_Add(attr.pointee.buf, block) == HPDF_STATUS(HPDF_OK) else {
                HPDF_FreeMem(stream.pointee.mmgr, block)
                attr.pointee.w_ptr = nil
                return HPDF_Error_GetCode(stream.pointee.error)
            }
            attr.pointee.w_ptr = buffer
            attr.pointee.w_pos = 0
        }
        return HPDF_STATUS(HPDF_OK)
    }
}
