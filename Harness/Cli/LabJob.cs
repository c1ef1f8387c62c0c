namespace EventCommitLab.Harness.Cli;

/// <summary>Presets for how the cells are raced; --rounds, --window and --budget override them.</summary>
public enum LabJob
{
    /// <summary>The default: 0.1 s windows, up to 48 race rounds per cell, the whole run within 20 minutes.</summary>
    Quick,

    /// <summary>0.2 s windows, up to 96 race rounds per cell, within 90 minutes: closer calls decided.</summary>
    Precise,

    /// <summary>0.1 s windows, 2 race rounds, no budget: for smoke runs and tests, not for numbers.</summary>
    Dry,
}
