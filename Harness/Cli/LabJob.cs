namespace EventCommitLab.Harness.Cli;

/// <summary>How long BenchmarkDotNet measures each case.</summary>
public enum LabJob
{
    /// <summary>The default: 1 warmup and 5 measured iterations of at least 100 ms each; the 3 x 3 grid of every
    /// strategy, both methods and the ceiling in about a quarter of an hour on two cores.</summary>
    Quick,

    /// <summary>3 warmups and 15 measured iterations of at least 500 ms each: several times longer, tighter errors.</summary>
    Precise,

    /// <summary>One cold iteration, no warmup: for smoke runs and tests, not for numbers.</summary>
    Dry,
}
