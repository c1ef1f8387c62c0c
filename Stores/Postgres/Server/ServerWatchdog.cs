using System.Diagnostics;
using System.Globalization;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>
/// A detached shell that outlives the lab's process: if the owner dies without disposing its private server (a crash, a
/// kill), the watchdog stops the server and removes its folder.
/// </summary>
internal static class ServerWatchdog
{
    /// <summary>Starts the watchdog; null, after a warning to <paramref name="log"/>, if it cannot be started.</summary>
    public static Process? Start(int ownerProcessId, string instanceFolder, Action<string>? log)
    {
        // It exits within a second of the folder disappearing, which is what a normal dispose does; if the owner dies
        // first it stops the server and removes the folder.
        const string Script = """
            exec </dev/null >/dev/null 2>&1
            owner=$1; folder=$2
            while kill -0 "$owner" 2>/dev/null && [ -d "$folder" ]; do sleep 1; done
            [ -d "$folder" ] || exit 0
            pid=$(head -n 1 "$folder/data/postmaster.pid" 2>/dev/null)
            if [ -n "$pid" ]; then
              kill -INT "$pid" 2>/dev/null
              i=0; while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i+1)); done
              kill -KILL "$pid" 2>/dev/null
            fi
            rm -rf "$folder"
            """;
        try
        {
            return CommandRunner.StartDetached(new ProcessStartInfo(
                "setsid", ["sh", "-c", Script, "lab-postgres-watchdog", ownerProcessId.ToString(CultureInfo.InvariantCulture), instanceFolder]));
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            log?.Invoke($"warning: no watchdog for the private PostgreSQL ({e.Message}); a crash of this process would leave it running until the next start removes it");
            return null;
        }
    }
}
