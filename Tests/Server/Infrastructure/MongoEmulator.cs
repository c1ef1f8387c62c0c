using System.Diagnostics;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// The MongoDB-compatible emulator from the npm registry (@jongodb/memory-server-bin-linux-x64-gnu), started on a free
/// loopback port for the tests that prove the store refuses it. It speaks MongoDB's protocol but is not MongoDB; the lab
/// never takes a figure or a guarantee from it. <c>.ci/run</c> installs it and names it in <see cref="BinaryVariable"/>.
/// </summary>
internal sealed class MongoEmulator : IAsyncDisposable
{
    public const string BinaryVariable = "JONGODB_BIN";

    private readonly Process _process;

    private MongoEmulator(Process process, string uri)
    {
        _process = process;
        Uri = uri;
    }

    public string Uri { get; }

    /// <summary>Why the emulator cannot run here, or null when it can.</summary>
    public static string? SkipReason() => Environment.GetEnvironmentVariable(BinaryVariable) is { Length: > 0 } path && File.Exists(path)
        ? null
        : $"{BinaryVariable} does not name the MongoDB-compatible emulator's binary (.ci/run installs it from the npm registry: " +
          "npm pack @jongodb/memory-server-bin-linux-x64-gnu, then JONGODB_BIN=<folder>/package/bin/jongodb)";

    /// <summary>Starts the emulator, or skips the calling test with the reason where it is not installed.</summary>
    /// <param name="replicaSet">A replica-set name to announce, or null for a standalone server.</param>
    public static Task<MongoEmulator> StartOrSkipAsync(string? replicaSet)
    {
        if (SkipReason() is { } reason)
        {
            Assert.Skip(reason);
        }

        return StartAsync(replicaSet);
    }

    /// <param name="replicaSet">A replica-set name to announce, or null for a standalone server.</param>
    public static async Task<MongoEmulator> StartAsync(string? replicaSet)
    {
        var port = LoopbackPorts.Free();
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable(BinaryVariable)!)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("--host=127.0.0.1");
        start.ArgumentList.Add($"--port={port}");
        if (replicaSet is not null)
        {
            start.ArgumentList.Add("--topology-profile=singleNodeReplicaSet");
            start.ArgumentList.Add($"--replica-set-name={replicaSet}");
        }

        var process = Process.Start(start) ?? throw new InvalidOperationException("The emulator did not start.");
        process.ErrorDataReceived += (_, _) => { };
        process.BeginErrorReadLine();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        while (await process.StandardOutput.ReadLineAsync(timeout.Token) is { } line)
        {
            // The emulator announces where it listens once it does.
            if (line.StartsWith("JONGODB_URI=", StringComparison.Ordinal))
            {
                return new MongoEmulator(process, line["JONGODB_URI=".Length..]);
            }
        }

        process.Kill(entireProcessTree: true);
        throw new InvalidOperationException($"The emulator exited with {process.ExitCode} before saying where it listens.");
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync().ConfigureAwait(false);
        }

        _process.Dispose();
    }
}
