using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Runtime.InteropServices;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Runs;

/// <summary>Reads what the environment header states: CPU, memory, OS, runtime, package versions, the source commit.</summary>
internal static class EnvironmentProbe
{
    public static string Cpu() => ReadField("/proc/cpuinfo", "model name") ?? RuntimeInformation.ProcessArchitecture.ToString();

    public static string Memory() =>
        ReadField("/proc/meminfo", "MemTotal") is { } total && long.TryParse(total.Split(' ')[0], CultureInfo.InvariantCulture, out var kib)
            ? string.Create(CultureInfo.InvariantCulture, $"{kib / 1024.0 / 1024.0:0.#} GiB")
            : "unknown";

    public static IReadOnlyDictionary<string, string> Packages() => new SortedDictionary<string, string>(StringComparer.Ordinal)
    {
        ["Perfolizer"] = VersionOf(typeof(Perfolizer.Mathematics.Common.ConfidenceLevel).Assembly),
        ["HdrHistogram"] = VersionOf(typeof(HdrHistogram.LongHistogram).Assembly),
        ["ScottPlot"] = VersionOf(typeof(ScottPlot.Plot).Assembly),
        ["Npgsql"] = VersionOf(typeof(Npgsql.NpgsqlConnection).Assembly),
        ["Polly.Core"] = VersionOf(typeof(Polly.ResiliencePipeline).Assembly),
    };

    public static string? GitCommit()
    {
        try
        {
            using var process = Process.Start(new ProcessStartInfo("git", ["describe", "--always", "--dirty", "--abbrev=12"])
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            });
            var output = process?.StandardOutput.ReadToEnd().Trim();
            return process is not null && process.WaitForExit(5000) && process.ExitCode == 0 && output is { Length: > 0 } ? output : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }

    private static string VersionOf(Assembly assembly) =>
        assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? assembly.GetName().Version?.ToString() ?? "?";

    private static string? ReadField(string file, string field)
    {
        try
        {
            return File.ReadLines(file).Where(l => l.StartsWith(field, StringComparison.Ordinal)).Select(l => l[(l.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim()).FirstOrDefault();
        }
        catch (IOException)
        {
            return null;
        }
    }

    /// <summary>A suite run's environment: this machine, this process's runtime and source, and the run's store and times.</summary>
    public static SuiteEnvironment ForSuite(string store, string commandLine, DateTimeOffset started) =>
        new(Cpu(), Environment.ProcessorCount, RuntimeInformation.OSDescription, RuntimeInformation.FrameworkDescription, store, GitCommit(), commandLine, started, DateTimeOffset.Now);
}
