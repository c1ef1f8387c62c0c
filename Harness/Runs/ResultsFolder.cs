using System.Globalization;
using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Harness.Runs;

/// <summary>Where a run writes: --out, else results/DATE-LABEL under the repository (or the current folder), never over an earlier run.</summary>
internal static class ResultsFolder
{
    /// <summary>The folder of suite <paramref name="suite"/>'s run: labelled STORE-SUITE unless --label says otherwise.</summary>
    public static string ChooseForSuite(HarnessOptions options, string suite)
    {
        ArgumentNullException.ThrowIfNull(options);
        return Choose(options with { Label = options.Label ?? $"{options.Store}-{suite}" });
    }

    public static string Choose(HarnessOptions options)
    {
        if (options.Out is { } explicitFolder)
        {
            var full = Path.GetFullPath(explicitFolder);
            return Directory.Exists(full) || File.Exists(full)
                ? throw new ArgumentException($"--out {explicitFolder}: it already exists; name a new folder (runs are never written over).")
                : full;
        }

        var label = options.Label ?? $"{options.Store}-{options.Job.ToString().ToLowerInvariant()}";
        var root = Root;
        var stem = Path.Combine(root, $"{DateTime.Now.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)}-{Sanitize(label)}");
        var folder = stem;
        for (var n = 2; Directory.Exists(folder) || Directory.Exists(folder + ".partial"); n++)
        {
            folder = $"{stem}-{n}";
        }

        return folder;
    }

    /// <summary>The results folder every run is written under by default: results/ of the repository (or of the current folder).</summary>
    public static string Root => Path.Combine(RepositoryRoot() ?? Directory.GetCurrentDirectory(), "results");

    private static string? RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(Directory.GetCurrentDirectory()); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Benchmarks.sln")))
            {
                return dir.FullName;
            }
        }

        return null;
    }

    private static string Sanitize(string label) =>
        new([.. label.Select(c => char.IsLetterOrDigit(c) || c is '-' or '_' or '.' ? c : '-')]);
}
