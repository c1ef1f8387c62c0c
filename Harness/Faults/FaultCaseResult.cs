using EventCommitLab.Contract;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>One strategy under one fault: what callers were told, and what the verifier found in the log.</summary>
/// <param name="UnknownInLog">Of the commits whose outcome stayed unknown, those the log holds.</param>
/// <param name="LostAnswersWritten">Lost answers the strategy settled from the log as written (acknowledged, not rewritten).</param>
/// <param name="LostAnswersNotWritten">Lost answers the strategy settled from the log as not written (tried again).</param>
/// <param name="FaultsInjected">Connections ended, or crashes.</param>
/// <param name="LongestStall">The longest time no commit was acknowledged: how long the fault stopped the strategy; null with fewer than two acknowledgements.</param>
/// <param name="Failure">Why the case could not run or be checked; null when it was.</param>
public sealed record FaultCaseResult(
    FaultKind Fault,
    string Strategy,
    StrategyGuarantees Claims,
    int FaultsInjected,
    long Commits,
    long Acknowledged,
    long Failed,
    long Conflicts,
    long Unknown,
    long UnknownInLog,
    long LostAnswersWritten,
    long LostAnswersNotWritten,
    TimeSpan? LongestStall,
    VerificationTally Verification,
    string? FirstFailureCause,
    string? Failure)
{
    public int Count(ViolationKind kind) => Verification.Violations.Where(v => v.Kind == kind).Sum(v => v.Count);
}
