using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Sweep;

/// <summary>One strategy's latency-versus-load curve in one cell, and what the verifier found in its log afterwards.</summary>
/// <param name="ClosedLoop">The back-to-back step the offered rates are fractions of.</param>
/// <param name="Points">The open-loop steps, lowest offered rate first.</param>
/// <param name="Failure">Why the sweep of this strategy stopped, if it did.</param>
public sealed record SweepCurve(string Strategy, SweepPoint? ClosedLoop, IReadOnlyList<SweepPoint> Points, VerificationTally Verification, string? Failure);
