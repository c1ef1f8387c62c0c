using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// A suite's run from its start to its results folder: the source commit read before anything runs, the store started
/// (its description printed), and the folder written under a temporary name that <see cref="Complete(Action{string}, Action{string})"/> renames.
/// Disposing stops the store and, for a run never completed (it failed or was cancelled), removes what it wrote.
/// </summary>
internal sealed class SuiteRun : IAsyncDisposable
{
    private readonly string? _suite;
    private bool _complete;

    private SuiteRun(string? suite, string folder, StoreRegistration store, IEventStoreProvider provider, DateTimeOffset started, string? source)
    {
        _suite = suite;
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

    /// <param name="suite">The suite's name (it labels the folder unless --label does); null for the main job.</param>
    public static async Task<SuiteRun> StartAsync(HarnessOptions options, string? suite, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var folder = suite is null ? ResultsFolder.Choose(options) : ResultsFolder.ChooseForSuite(options, suite);
        try
        {
            Directory.CreateDirectory(folder + ".partial");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException)
        {
            // Bad input, not a failed run: the user named (or stands in) a folder the lab cannot write.
            throw new ArgumentException($"{(options.Out is null ? "results folder" : "--out")} {folder}: cannot be created ({e.Message}); name a writable folder.", e);
        }

        try
        {
            var started = DateTimeOffset.Now;
            var source = EnvironmentProbe.GitCommit();
            var store = StoreCatalog.Get(options.Store);
            var provider = await store.StartAsync(options, console.WriteLine, cancellationToken).ConfigureAwait(false);
            console.WriteLine($"Store: {provider.Description}");
            return new SuiteRun(suite, folder, store, provider, started, source);
        }
        catch
        {
            Directory.Delete(folder + ".partial", recursive: true);
            throw;
        }
    }

    /// <summary>
    /// The port of the store the suite needs (a tag log, a DCB log, a floor); a store without it is refused in one line
    /// (and stopped when the run is disposed).
    /// </summary>
    /// <param name="lacking">What the store lacks, as the error line says it (<c>has no DCB log</c>).</param>
    /// <remarks>The stores that have it are named from the catalog (<see cref="StoreCatalog.Offering{TPort}"/>).</remarks>
    public T RequirePort<T>(string lacking)
        where T : class =>
        Provider as T ?? throw new ArgumentException(
            $"{Verb}: --store {Store.Name} {lacking}; {(_suite is null ? "the main job" : $"the {_suite} suite")} runs on: {string.Join(", ", StoreCatalog.Offering<T>())}.");

    private string Verb => _suite is null ? "the main job" : SuiteCatalog.Get(_suite).UnderSuiteGroup ? $"suite {_suite}" : _suite;

    /// <summary>Writes the suite's record (results.json) and its pages from <paramref name="result"/>, then completes the run.</summary>
    /// <returns>The run's page, for the console's last line.</returns>
    /// <exception cref="PagesNotWrittenException">The record was written and the run completed, but a page was not.</exception>
    public string Complete(SuiteReport report, object result)
    {
        ArgumentNullException.ThrowIfNull(report);
        Complete(folder => report.WriteRecord(result, folder), folder => report.WritePages(result, folder));
        return Path.Combine(Folder, report.Page);
    }

    /// <summary>
    /// Writes the run's record, then its pages, then renames the working folder to the run's folder. A page that cannot
    /// be written does not lose the measurement: the folder is renamed with the record all the same, and the exception
    /// says so.
    /// </summary>
    /// <exception cref="PagesNotWrittenException">The record was written and the run completed, but a page was not.</exception>
    public void Complete(Action<string> writeRecord, Action<string> writePages)
    {
        ArgumentNullException.ThrowIfNull(writeRecord);
        ArgumentNullException.ThrowIfNull(writePages);
        writeRecord(WorkingFolder);
        Exception? pagesFailed = null;
        try
        {
            writePages(WorkingFolder);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            pagesFailed = e;
        }

        Directory.Move(WorkingFolder, Folder);
        _complete = true;
        if (pagesFailed is not null)
        {
            throw new PagesNotWrittenException(Folder, pagesFailed);
        }
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
