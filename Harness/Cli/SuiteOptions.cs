using System.CommandLine;

namespace EventCommitLab.Harness.Cli;

/// <summary>Options several suites declare alike.</summary>
internal static class SuiteOptions
{
    public static readonly Option<bool> Quick = LabOption.Flag("--quick", "the quick sizes (a smoke run) instead of the full ones");

    public static readonly Option<long> Rounds = LabOption.Of("--rounds", "N", "rounds per cell (in dcb, which races its rows, the most it may run), 1..100", (o, v) => OptionValues.Number(o, v, 1, 100));
}
