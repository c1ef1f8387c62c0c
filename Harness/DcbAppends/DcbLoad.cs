namespace EventCommitLab.Harness.DcbAppends;

/// <summary>How long loading a dataset size took (one log's: each appender's log is loaded the same way).</summary>
public sealed record DcbLoad(string Size, DatasetCounts Counts, TimeSpan Took);
