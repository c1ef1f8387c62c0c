using System.Globalization;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>
/// Removes what killed runs left in the temp root: an instance folder is named pg-OWNERPID-RANDOM, and when that owner
/// is gone its server is stopped and its folder deleted. Folders of live owners and anything else are left alone.
/// </summary>
internal static class StaleInstanceReaper
{
    public const string InstancePrefix = "pg-";

    public static async Task<int> ReapAsync(string tempRoot, Action<string>? log)
    {
        if (!Directory.Exists(tempRoot))
        {
            return 0;
        }

        var reaped = 0;
        foreach (var folder in Directory.GetDirectories(tempRoot, InstancePrefix + "*"))
        {
            var owner = OwnerOf(folder);
            if (owner is null || UnixProcesses.IsAlive(owner.Value))
            {
                continue;
            }

            if (PostmasterPid(folder) is { } postmaster && UnixProcesses.IsAlive(postmaster))
            {
                log?.Invoke($"stopping a server left by a killed run (pid {postmaster}, folder {folder})");
                await UnixProcesses.StopAsync(postmaster, TimeSpan.FromSeconds(10)).ConfigureAwait(false);
            }

            TryDelete(folder);
            reaped++;
        }

        return reaped;
    }

    public static int? PostmasterPid(string instanceFolder)
    {
        try
        {
            var first = File.ReadLines(Path.Combine(instanceFolder, "data", "postmaster.pid")).FirstOrDefault();
            return int.TryParse(first, NumberStyles.None, CultureInfo.InvariantCulture, out var pid) ? pid : null;
        }
        catch (IOException)
        {
            return null;
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }

    public static void TryDelete(string folder)
    {
        try
        {
            Directory.Delete(folder, recursive: true);
        }
        catch (DirectoryNotFoundException)
        {
        }
    }

    private static int? OwnerOf(string folder)
    {
        var parts = Path.GetFileName(folder).Split('-');
        return parts.Length == 3 && int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var pid) ? pid : null;
    }
}
