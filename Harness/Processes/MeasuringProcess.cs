using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using EventCommitLab.Harness.Suites;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// One measuring writer process as its parent sees it: started, ready once it says so, told the moment its ramp starts,
/// and read for its tally when it ends. Disposing it ends a process that has not ended.
/// </summary>
internal sealed class MeasuringProcess : IDisposable
{
    private readonly Process _process;
    private readonly Task<string> _errors;

    private MeasuringProcess(Process process)
    {
        _process = process;
        _errors = process.StandardError.ReadToEndAsync();
    }

    /// <summary>Starts the harness's own executable with <paramref name="arguments"/>.</summary>
    public static MeasuringProcess Start(IReadOnlyList<string> arguments)
    {
        return new MeasuringProcess(Process.Start(SuiteChildStart.Of(arguments, input: true)) ?? throw new InvalidOperationException("A measuring writer process did not start."));
    }

    /// <summary>Waits until the process says it is ready (<see cref="MeasuringChild.Ready"/>).</summary>
    /// <exception cref="InvalidOperationException">It ended first; its error output says why.</exception>
    public async Task WaitUntilReadyAsync(CancellationToken cancellationToken)
    {
        while (await _process.StandardOutput.ReadLineAsync(cancellationToken).ConfigureAwait(false) is { } line)
        {
            if (line.Trim() == MeasuringChild.Ready)
            {
                return;
            }
        }

        throw await FailedAsync().ConfigureAwait(false);
    }

    /// <summary>Tells the ready process the moment, on the machine's clock, its ramp starts.</summary>
    public async Task StartAtAsync(DateTimeOffset moment)
    {
        await _process.StandardInput.WriteLineAsync(moment.ToUnixTimeMilliseconds().ToString(CultureInfo.InvariantCulture)).ConfigureAwait(false);
        await _process.StandardInput.FlushAsync().ConfigureAwait(false);
    }

    /// <summary>The tally the process prints on its last line, once it has ended.</summary>
    /// <exception cref="InvalidOperationException">It failed, printed no tally or did not end within <paramref name="limit"/>.</exception>
    public async Task<WriterTally> TallyAsync(TimeSpan limit, CancellationToken cancellationToken)
    {
        var output = _process.StandardOutput.ReadToEndAsync(cancellationToken);
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(limit);
        try
        {
            await _process.WaitForExitAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw new InvalidOperationException($"A measuring writer process did not end within {limit.TotalSeconds:0} s.");
        }

        var last = (await output.ConfigureAwait(false)).Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).LastOrDefault();
        return _process.ExitCode == 0 && last is not null && JsonSerializer.Deserialize<WriterTally>(last) is { } tally
            ? tally
            : throw await FailedAsync().ConfigureAwait(false);
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }

    private async Task<InvalidOperationException> FailedAsync()
    {
        await _process.WaitForExitAsync().ConfigureAwait(false);
        return new InvalidOperationException(
            $"A measuring writer process exited with {_process.ExitCode}: {(await _errors.ConfigureAwait(false)).Split('\n')[0].Trim()}");
    }
}
