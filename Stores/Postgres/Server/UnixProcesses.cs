using System.Diagnostics;
using System.Runtime.InteropServices;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>Signals to processes by id, for servers whose owner is gone (no Process object to hold), and reaping the ones the lab holds.</summary>
internal static partial class UnixProcesses
{
    public const int SigKill = 9;

    // SIGINT asks the postmaster for a fast shutdown: no new connections, running transactions rolled back.
    public const int SigInt = 2;

    public static bool IsAlive(int pid)
    {
        // kill(pid, 0) sends nothing; it fails with ESRCH when no such process exists (EPERM means it does). A zombie
        // still answers it: an orphan whose new parent does not reap (PID 1 of a container may not) is dead all the same.
        return pid > 0 && (kill(pid, 0) == 0 || Marshal.GetLastPInvokeError() != 3) && !IsZombie(pid);
    }

    /// <summary>The parent's pid, from /proc; null when the process is gone.</summary>
    public static int? ParentOf(int pid) => Stat(pid) is { } stat && int.TryParse(stat.Split(' ')[1], out var parent) ? parent : null;

    private static bool IsZombie(int pid) => Stat(pid) is { } stat && stat.StartsWith("Z ", StringComparison.Ordinal);

    /// <summary>The fields of /proc/PID/stat after the command name (state first, then the parent's pid).</summary>
    private static string? Stat(int pid)
    {
        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            return stat[(stat.LastIndexOf(')') + 2)..];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    public static void Signal(int pid, int signal)
    {
        if (pid > 0)
        {
            _ = kill(pid, signal);
        }
    }

    /// <summary>Asks for a fast shutdown, waits, and kills the process if it is still there.</summary>
    public static async Task StopAsync(int pid, TimeSpan grace)
    {
        Signal(pid, SigInt);
        var until = DateTime.UtcNow + grace;
        while (IsAlive(pid) && DateTime.UtcNow < until)
        {
            await Task.Delay(50).ConfigureAwait(false);
        }

        if (IsAlive(pid))
        {
            Signal(pid, SigKill);
        }
    }

    [LibraryImport("libc", SetLastError = true)]
    private static partial int kill(int pid, int sig);

    /// <summary>Waits up to 10 s for a process the lab started to exit, kills it and its children if it does not, and releases it.</summary>
    public static async Task ReapAsync(Process process)
    {
        using var deadline = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        try
        {
            await process.WaitForExitAsync(deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync(CancellationToken.None).ConfigureAwait(false);
        }

        process.Dispose();
    }
}
