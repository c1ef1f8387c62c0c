using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Results;

/// <summary>How often the verifier found one kind of violation in a case, whether it broke a claim, and one example.</summary>
public sealed record ViolationTally(ViolationKind Kind, bool IsFailure, int Count, string Example);
