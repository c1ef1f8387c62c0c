using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Faults;

/// <summary>One strategy under a long load of many committers: did it keep up, hold memory, end, and leave a clean log.</summary>
/// <param name="PeakWorkingSetBytes">The process's largest working set sampled every 250 ms during the load.</param>
/// <param name="UnobservedTaskExceptions">Task exceptions nobody observed, raised during the load and a final collection.</param>
/// <param name="Failure">Why the case could not run, end or be checked (e.g. committers still running long after the stop); null when it did.</param>
public sealed record SoakResult(
    string Strategy,
    int Committers,
    TimeSpan Duration,
    long Commits,
    long Acknowledged,
    long Failed,
    long PeakWorkingSetBytes,
    int UnobservedTaskExceptions,
    TimeSpan? LongestStall,
    VerificationTally Verification,
    string? FirstFailureCause,
    string? Failure);
