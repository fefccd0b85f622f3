/// A batch reads its records through the Records module (`BatchInput`, `RecordReader`, `BatchRecord`,
/// `RecordFailure`, `DataError`): they are part of the batch API.
@_exported import Records
