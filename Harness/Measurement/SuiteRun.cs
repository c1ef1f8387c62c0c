using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// A suite's run from its start to its results folder: the source commit read before anything runs, the store started
/// (its description printed), and the folder written under a temporary name that <see cref="Complete"/> renames.
/// Disposing stops the store and, for a run never completed (it failed or was cancelled), removes what it wrote.
/// </summary>
internal sealed class SuiteRun : IAsyncDisposable
{
    private bool _complete;

    private SuiteRun(string folder, StoreRegistration store, IEventStoreProvider provider, DateTimeOffset started, string? source)
    {
        Folder = folder;
        Store = store;
        Provider = provider;
        Started = started;
        Source = source;
    }

    /// <summary>Where the run will be once complete.</summary>
    public string Folder { get; }

    /// <summary>Where the run writes until it is complete.</summary>
    public string WorkingFolder => Folder + ".partial";

    public StoreRegistration Store { get; }

    public IEventStoreProvider Provider { get; }

    public DateTimeOffset Started { get; }

    /// <summary>The source the binary was built from, read before the run (not what the tree holds by its end).</summary>
    public string? Source { get; }

    public static async Task<SuiteRun> StartAsync(HarnessOptions options, string suite, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var folder = ResultsFolder.ChooseForSuite(options, suite);
        Directory.CreateDirectory(folder + ".partial");
        try
        {
            var started = DateTimeOffset.Now;
            var source = EnvironmentProbe.GitCommit();
            var store = StoreCatalog.Get(options.Store);
            var provider = await store.StartAsync(options, console.WriteLine, cancellationToken).ConfigureAwait(false);
            console.WriteLine($"Store: {provider.Description}");
            return new SuiteRun(folder, store, provider, started, source);
        }
        catch
        {
            Directory.Delete(folder + ".partial", recursive: true);
            throw;
        }
    }

    /// <summary>Renames the working folder to the run's folder: everything the run writes is there.</summary>
    public void Complete()
    {
        Directory.Move(WorkingFolder, Folder);
        _complete = true;
    }

    public async ValueTask DisposeAsync()
    {
        await Provider.DisposeAsync().ConfigureAwait(false);
        if (!_complete && Directory.Exists(WorkingFolder))
        {
            Directory.Delete(WorkingFolder, recursive: true);
        }
    }
}
