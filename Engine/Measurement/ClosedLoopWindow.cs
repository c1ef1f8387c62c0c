namespace EventCommitLab.Engine.Measurement;

/// <summary>What clients in a closed loop did: operations, the units they moved (events), over what time, allocating what (the whole process).</summary>
public sealed record ClosedLoopWindow(long Operations, long Units, TimeSpan Elapsed, long AllocatedBytes)
{
    public double OperationsPerSecond => Operations / Elapsed.TotalSeconds;

    public double UnitsPerSecond => Units / Elapsed.TotalSeconds;
}
