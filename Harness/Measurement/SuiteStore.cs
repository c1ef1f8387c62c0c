using EventCommitLab.Harness.Cli;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// Starts the store a suite was given and hands back the part of it the suite needs (a tag log, a DCB log, a floor),
/// or stops it again and says in one line that this store has no such part.
/// </summary>
internal static class SuiteStore
{
    /// <param name="lacking">What the store lacks, as the error line says it (<c>has no DCB log</c>).</param>
    /// <param name="runsOn">The stores that have it.</param>
    public static async Task<(IEventStoreProvider Provider, T Part)> StartAsync<T>(
        HarnessOptions options, string suite, string lacking, string runsOn, TextWriter console, CancellationToken cancellationToken)
        where T : class
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var provider = await StoreCatalog.Get(options.Store).StartAsync(options, console.WriteLine, cancellationToken).ConfigureAwait(false);
        if (provider is T part)
        {
            console.WriteLine($"Store: {provider.Description}");
            return (provider, part);
        }

        await provider.DisposeAsync().ConfigureAwait(false);
        throw new ArgumentException($"suite {suite}: --store {options.Store} {lacking}; the {suite} suite runs on: {runsOn}.");
    }
}
