namespace EventCommitLab.Harness.Cli;

/// <summary>Presets for how long each cell is measured; --rounds and --window override them.</summary>
public enum LabJob
{
    /// <summary>The default: 5 interleaved rounds of 0.4 s windows per cell; both loads over the 3 x 3 grid in about 25 minutes on two cores.</summary>
    Quick,

    /// <summary>10 rounds of 2 s windows: tighter intervals, several times longer.</summary>
    Precise,

    /// <summary>2 rounds of 0.1 s windows: for smoke runs and tests, not for numbers.</summary>
    Dry,
}
