namespace EventCommitLab.Stores.Postgres;

/// <summary>A database a disposed log left, and its pools when they were kept open for the next log (null: closed).</summary>
internal sealed record SpareLog(string Database, LogPools? Pools);
