namespace EventCommitLab.Engine.Results;

/// <summary>A strategy's claimed guarantees as the run recorded them, for the guarantee matrix.</summary>
/// <param name="OrderedVisibility">False in runs made before the claim existed.</param>
/// <param name="HorizonOrderedVisibility">False in runs made before the claim existed.</param>
/// <param name="HandedWholeGroups">Handed whole waves by the harness (the simulated batcher): no application's committers can use it, so it is measured as a reference and never recommended.</param>
/// <param name="KeepsAppendConditions">False in runs made before the claim was recorded.</param>
public sealed record StrategyClaims(
    string Strategy, bool AtomicMultiEventCommit, bool GapFreeSequence, bool ContiguousCommit, bool SafeWithSeveralWriterProcesses, bool OrderedVisibility = false,
    bool HorizonOrderedVisibility = false, bool HandedWholeGroups = false, bool KeepsAppendConditions = false);
