using System.Diagnostics;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>Finds the folder holding PostgreSQL's server programs (initdb, pg_ctl, postgres).</summary>
public static class PostgresBinaryLocator
{
    private static readonly string[] Required = ["initdb", "pg_ctl", "postgres"];

    /// <summary>The lab's way out when nothing is found, shared by every error that ends the search.</summary>
    public const string WaysOut =
        "Either install PostgreSQL's server (Debian: apt-get install postgresql) or name its bin folder with --pg-bin DIR or PG_BIN_DIR=DIR, " +
        "or point the lab at a running server with --connection \"Host=...;Username=...;Password=...\" or PG_CONNECTION=\"...\".";

    /// <summary>The folder named by the user, else the first of <paramref name="candidates"/> that has all three programs.</summary>
    /// <exception cref="StoreSetupException">Nothing usable was found; the message says where it looked and what to do.</exception>
    public static string Locate(string? explicitDirectory, IEnumerable<string> candidates)
    {
        ArgumentNullException.ThrowIfNull(candidates);
        if (!string.IsNullOrWhiteSpace(explicitDirectory))
        {
            var missing = Required.Where(p => !File.Exists(Path.Combine(explicitDirectory, p))).ToArray();
            return missing.Length == 0
                ? explicitDirectory
                : throw new StoreSetupException(
                    $"The PostgreSQL bin folder '{explicitDirectory}' (from --pg-bin or PG_BIN_DIR) lacks {string.Join(", ", missing)}. {WaysOut}");
        }

        var looked = new List<string>();
        foreach (var candidate in candidates)
        {
            looked.Add(candidate);
            if (Required.All(p => File.Exists(Path.Combine(candidate, p))))
            {
                return candidate;
            }
        }

        var where = looked.Count == 0 ? "nowhere: no candidate folder was given" : string.Join(", ", looked.Distinct());
        throw new StoreSetupException($"No PostgreSQL server programs (initdb, pg_ctl, postgres) were found; looked in {where}. {WaysOut}");
    }

    /// <summary>Where PostgreSQL usually is: pg_config's bindir, PATH, then the distributions' install folders, newest first.</summary>
    public static IEnumerable<string> UsualPlaces()
    {
        if (PgConfigBinDirectory() is { } fromPgConfig)
        {
            yield return fromPgConfig;
        }

        foreach (var dir in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
        {
            var initdb = new FileInfo(Path.Combine(dir, "initdb"));
            if (initdb.Exists)
            {
                // Debian links initdb into PATH without pg_ctl and postgres beside it: follow the link to the real folder.
                var target = initdb.ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? initdb.FullName;
                yield return Path.GetDirectoryName(target)!;
            }
        }

        foreach (var pattern in new[] { ("/usr/lib/postgresql", "bin"), ("/usr/local/pgsql", ""), ("/opt/homebrew/opt", "bin") })
        {
            if (!Directory.Exists(pattern.Item1))
            {
                continue;
            }

            if (pattern.Item2.Length == 0)
            {
                yield return Path.Combine(pattern.Item1, "bin");
                continue;
            }

            foreach (var version in Directory.GetDirectories(pattern.Item1).OrderByDescending(VersionOf))
            {
                yield return Path.Combine(version, pattern.Item2);
            }
        }

        foreach (var redHat in Directory.GetDirectories("/usr", "pgsql-*").OrderByDescending(VersionOf))
        {
            yield return Path.Combine(redHat, "bin");
        }
    }

    private static double VersionOf(string folder) =>
        double.TryParse(new string([.. Path.GetFileName(folder).Where(c => char.IsDigit(c) || c == '.')]),
            System.Globalization.CultureInfo.InvariantCulture, out var v) ? v : 0;

    private static string? PgConfigBinDirectory()
    {
        try
        {
            using var process = Process.Start(new ProcessStartInfo("pg_config", ["--bindir"])
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            });
            if (process is null)
            {
                return null;
            }

            var output = process.StandardOutput.ReadToEnd().Trim();
            return process.WaitForExit(5000) && process.ExitCode == 0 && output.Length > 0 ? output : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }
}
