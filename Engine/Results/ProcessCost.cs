namespace EventCommitLab.Engine.Results;

/// <summary>What the lab's own process spent while one contender's rounds were measured: the whole process's, so the harness's share is in it.</summary>
/// <param name="AllocatedBytesPerEvent">Bytes allocated by the process during the measured rounds, per event written.</param>
/// <param name="PeakWorkingSetBytes">The process's largest working set sampled during its measured rounds (its race rounds; its qualifying round when it ran none), so what the runtime kept from earlier contenders is part of it.</param>
/// <param name="LabCpuShare">The process's share of the CPU time the machine was busy during the measured rounds (the database had the rest); null where the machine does not say, and in runs made before it was measured.</param>
/// <param name="GcPauseShare">The share of the measured rounds' wall time the process stood still for the garbage collector (every thread suspended, the contender's too); null in runs made before it was measured.</param>
public sealed record ProcessCost(double? AllocatedBytesPerEvent, long? PeakWorkingSetBytes, double? LabCpuShare, double? GcPauseShare = null)
{
    /// <summary>Nothing measured.</summary>
    public static ProcessCost None { get; } = new(null, null, null);
}
