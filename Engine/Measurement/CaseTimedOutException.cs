namespace EventCommitLab.Engine.Measurement;

/// <summary>A case went on past --case-timeout; it is recorded as failed with this cause and the run goes on.</summary>
public sealed class CaseTimedOutException(TimeSpan limit, Exception? inner = null)
    : Exception($"Timed out: the case was still running after {limit.TotalSeconds:0} s (--case-timeout).", inner);
