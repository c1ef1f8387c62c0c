using System.Diagnostics;

namespace EventCommitLab.Harness.Suites;

/// <summary>How a suite starts one of its children (<see cref="SuiteChild"/>): the harness's own executable, its output read by the parent.</summary>
internal static class SuiteChildStart
{
    /// <summary>The start of the harness with <paramref name="arguments"/> (the child's verb first); <paramref name="input"/> when the parent writes to it.</summary>
    public static ProcessStartInfo Of(IEnumerable<string> arguments, bool input = false)
    {
        var start = new ProcessStartInfo(Path.Combine(AppContext.BaseDirectory, "EventCommitLab.Harness"))
        {
            RedirectStandardInput = input,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }
}
