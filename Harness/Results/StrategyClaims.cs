namespace EventCommitLab.Harness.Results;

/// <summary>A strategy's claimed guarantees as the run recorded them, for the guarantee matrix.</summary>
/// <param name="OrderedVisibility">False in runs made before the claim existed.</param>
/// <param name="HorizonOrderedVisibility">False in runs made before the claim existed.</param>
public sealed record StrategyClaims(
    string Strategy, bool AtomicMultiEventCommit, bool GapFreeSequence, bool ContiguousCommit, bool SafeWithSeveralWriterProcesses, bool OrderedVisibility = false,
    bool HorizonOrderedVisibility = false);
