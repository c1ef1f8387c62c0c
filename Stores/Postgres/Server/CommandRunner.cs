using System.Diagnostics;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>Runs PostgreSQL's programs, as the unprivileged account when the lab runs as root.</summary>
internal sealed class CommandRunner(string? runAsUser)
{
    public string? RunAsUser { get; } = runAsUser;

    public async Task<CommandResult> RunAsync(string program, IReadOnlyList<string> arguments, TimeSpan timeout, CancellationToken cancellationToken) =>
        await RunAsync(StartInfo(program, arguments), timeout, cancellationToken).ConfigureAwait(false);

    /// <summary>
    /// Starts a long-running program as a child of this process in a session of its own, its output appended to
    /// <paramref name="logFile"/>. It stays this process's child so that it is reaped when it ends (a container's
    /// init may not reap orphans), and its own session keeps Ctrl+C from reaching it before the lab stops it.
    /// </summary>
    public Process StartInBackground(string program, IReadOnlyList<string> arguments, string logFile)
    {
        var inner = StartInfo("sh", ["-c", "log=$1; shift; exec \"$@\" >>\"$log\" 2>&1 </dev/null", "sh", logFile, program, .. arguments]);
        return StartDetached(new ProcessStartInfo("setsid", [inner.FileName, .. inner.ArgumentList]));
    }

    /// <summary>Starts a program of the lab's own user in a session of its own; see <see cref="StartInBackground"/>.</summary>
    public static Process StartDetached(ProcessStartInfo start)
    {
        start.RedirectStandardInput = true;
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.UseShellExecute = false;
        return Process.Start(start) ?? throw new InvalidOperationException($"{start.FileName} could not be started.");
    }

    private ProcessStartInfo StartInfo(string program, IReadOnlyList<string> arguments) => RunAsUser is null
        ? new ProcessStartInfo(program, arguments)
        : new ProcessStartInfo("runuser", ["-u", RunAsUser, "--", program, .. arguments]);

    /// <summary>Runs a program as the lab's own user.</summary>
    public static async Task<CommandResult> RunAsync(ProcessStartInfo start, TimeSpan timeout, CancellationToken cancellationToken)
    {
        // Every stream is redirected: a child that inherited the test host's or the console's output would keep
        // `dotnet test` waiting for it.
        start.RedirectStandardInput = true;
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.UseShellExecute = false;
        using var process = new Process { StartInfo = start };
        try
        {
            process.Start();
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return new CommandResult(127, $"{start.FileName} could not be started: {e.Message}");
        }

        process.StandardInput.Close();
        var output = process.StandardOutput.ReadToEndAsync(cancellationToken);
        var errors = process.StandardError.ReadToEndAsync(cancellationToken);
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(timeout);
        try
        {
            await process.WaitForExitAsync(deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            cancellationToken.ThrowIfCancellationRequested();
            return new CommandResult(124, $"{start.FileName} did not finish within {timeout.TotalSeconds:0} s");
        }

        return new CommandResult(process.ExitCode, ((await output.ConfigureAwait(false)) + (await errors.ConfigureAwait(false))).Trim());
    }
}
