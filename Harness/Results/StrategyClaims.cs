namespace EventCommitLab.Harness.Results;

/// <summary>A strategy's claimed guarantees as the run recorded them, for the guarantee matrix.</summary>
public sealed record StrategyClaims(string Strategy, bool AtomicMultiEventCommit, bool GapFreeSequence, bool ContiguousCommit, bool SafeWithSeveralWriterProcesses);
