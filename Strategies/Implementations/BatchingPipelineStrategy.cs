using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// A real group commit. Callers put their commit on a bounded channel and await their own result; one writer loop
/// takes everything that is queued (within the store's batch limits and <see cref="BatchingPipelineOptions"/>' caps), checks each commit's
/// aggregate version, reserves one contiguous range from the counter and writes the batch in one transaction with one
/// insert, then answers its callers, all from one thread-pool work item (<see cref="BatchAnswers"/>).
/// </summary>
/// <remarks>
/// There is no linger timer: a lone commit is written at once, and batches form from commits that arrive while the
/// previous batch is being written, so batching grows with load on its own; after answering a batch the writer
/// also takes the commits its callers send straight back (a few thread-pool turns, no clock). A second commit of an
/// aggregate already in the forming batch is set aside for the next one while later commits still join
/// (<see cref="PendingBatch"/>). A commit whose aggregate check fails
/// is rejected alone. When the batch's transaction fails for good (a payload the database refuses, say), each commit
/// of it is written again on its own, so that only the bad one fails. Disposing stops taking commits, writes and
/// answers everything already queued, then returns. A caller that cancels while its commit is queued stops waiting,
/// but the commit may still be written.
/// </remarks>
public sealed class BatchingPipelineStrategy : StrategyBase, IClaimsGuarantees
{
    private readonly GroupCommitQueue<PendingCommit> _queue;
    private int _inFlight;
    private readonly StoreBatchLimits _batchLimits;
    private readonly int _batchesInFlight;
    private readonly CounterForecast? _forecast;
    private readonly int? _splitFromEvents;
    private readonly bool _serverSequence;
    private readonly Task _writer;

    public BatchingPipelineStrategy(IEventStore store, CommitStrategyOptions options)
        : base(store, options)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(options.Pipeline.QueueCapacity, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(options.Pipeline.BatchesInFlight, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(options.Pipeline.BatchesInFlight, 16);
        _batchLimits = store.BatchLimits;
        _batchesInFlight = options.Pipeline.BatchesInFlight;
        _forecast = options.Pipeline.NumbersItsBatches ? new CounterForecast() : null;
        if (options.Pipeline.SplitFromEvents is { } split)
        {
            ArgumentOutOfRangeException.ThrowIfLessThan(split, 2);
            if (_forecast is null)
            {
                throw new ArgumentException("Only a pipeline that numbers its batches can write a batch as two halves side by side.", nameof(options));
            }
        }

        _splitFromEvents = options.Pipeline.SplitFromEvents;
        _serverSequence = options.Pipeline.NumbersFromServerSequence;
        if (_serverSequence && _forecast is not null)
        {
            throw new ArgumentException("A pipeline numbers its batches itself or takes their numbers from the server's sequence, not both.", nameof(options));
        }

        _queue = new GroupCommitQueue<PendingCommit>(
            options.Pipeline.QueueCapacity, Name, "The batching pipeline has been shut down and takes no more commits.");
        _writer = Task.Run(WriteLoopAsync);
    }

    /// <summary>
    /// The registered name of the pipeline with this many batches in flight, numbering its batches itself or not,
    /// splitting large ones or not, numbered by the server's sequence or not.
    /// </summary>
    public static string NameFor(int batchesInFlight, bool numbersItsBatches = false, bool splitsLargeBatches = false, bool serverSequence = false) =>
        $"{StrategyRegistration.NameOf(typeof(BatchingPipelineStrategy))}{(numbersItsBatches ? "Numbered" : "")}{(splitsLargeBatches ? "Split" : "")}{(serverSequence ? "ServerSequence" : "")}{(batchesInFlight == 1 ? "" : $"{batchesInFlight}InFlight")}";

    public override string Name => NameFor(_batchesInFlight, _forecast is not null, _splitFromEvents is not null, _serverSequence);

    public static StrategyGuarantees Claims { get; } = StrategyGuarantees.All with { CounterAtLogEnd = true, KeepsAppendConditions = true };

    /// <summary>
    /// What the pipeline numbered by the server's sequence claims: what <see cref="ServerSequenceWithHorizonStrategy"/>
    /// claims, for the same reasons (<see cref="BatchingPipelineOptions.NumbersFromServerSequence"/>).
    /// </summary>
    public static StrategyGuarantees ServerSequenceClaims => ServerSequenceWithHorizonStrategy.Claims;

    /// <summary>What the pipeline numbered by the server's sequence needs of its store.</summary>
    public static IReadOnlyList<StoreFeature> ServerSequenceNeeds => ServerSequenceWithHorizonStrategy.Needs;

    /// <summary>What the pipeline that numbers its batches needs of its store.</summary>
    public static IReadOnlyList<StoreFeature> NumberingNeeds { get; } = [StoreFeature.NumberedBatches];

    public override StrategyGuarantees Guarantees => _serverSequence ? ServerSequenceClaims : Claims;

    protected override Task<CommitResult> CommitRequestAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        var answer = new GroupCommitAnswer<CommitResult>(TaskCreationOptions.None, cancellationToken);
        return _queue.SendAsync(new PendingCommit(request, answer, Stopwatch.GetTimestamp()), answer, cancellationToken);
    }

    public override async ValueTask DisposeAsync()
    {
        _queue.Close();
        await _writer.ConfigureAwait(false);
        await base.DisposeAsync().ConfigureAwait(false);
    }

    private async Task WriteLoopAsync()
    {
        var reader = _queue.Reader;
        var inFlight = new Queue<Task>(_batchesInFlight);
        Task? lastSent = null;
        IReadOnlyList<PendingCommit> setAside = [];
        // Commits the last batch set aside go in the next at once, without waiting for an arrival (or after the queue closed).
        while (setAside.Count > 0 || await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            var batch = new PendingBatch(_batchLimits, setAside);
            batch.TakeFrom(reader);
            await _queue.TakeArrivalsAsync(batch.TakeFrom, () => batch.IsClosed).ConfigureAwait(false);

            setAside = batch.SetAside;
            foreach (var part in Parts(batch.Commits))
            {
                var first = _forecast?.Claim([.. part.Select(p => p.Request)]);
                if (first is null && _forecast is { NumberedInFlight: true })
                {
                    // The store numbers this batch from wherever the counter stands, perhaps at numbers a batch in flight was
                    // given and has inserted: each would wait for the other (a deadlock PostgreSQL breaks only after a second).
                    await Task.WhenAll(inFlight).ConfigureAwait(false);
                    inFlight.Clear();
                }

                // WriteBatchAsync answers its callers and never throws, so a batch in flight needs no observer but this queue.
                lastSent = WriteBatchAsync(part, first, first is null ? null : lastSent);
                inFlight.Enqueue(lastSent);
            }

            // A batch written as two halves has both in flight: the next forms once as many are left as one batch leaves.
            while (inFlight.Count >= _batchesInFlight)
            {
                await inFlight.Dequeue().ConfigureAwait(false);
            }
        }

        await Task.WhenAll(inFlight).ConfigureAwait(false);
    }

    /// <summary>
    /// The batch as written: whole, or, when it is plain, holds <see cref="BatchingPipelineOptions.SplitFromEvents"/> events
    /// or more and the forecast knows where the counter stands, cut at the commit that holds its middle event into two
    /// halves numbered one after the other. Where the store numbers the batch, halves would queue at its counter.
    /// </summary>
    private IEnumerable<IReadOnlyList<PendingCommit>> Parts(IReadOnlyList<PendingCommit> batch)
    {
        var events = batch.Sum(p => p.Request.Events.Count);
        if (_splitFromEvents is not { } split || events < split || batch.Count < 2 || _forecast is not { Knows: true }
            || !CommitBatch.IsPlain([.. batch.Select(p => p.Request)]))
        {
            return [batch];
        }

        var cut = 1;
        for (var held = batch[0].Request.Events.Count; cut < batch.Count - 1 && held + batch[cut].Request.Events.Count <= events / 2; cut++)
        {
            held += batch[cut].Request.Events.Count;
        }

        return [batch.Take(cut).ToArray(), batch.Skip(cut).ToArray()];
    }

    /// <param name="first">The batch's numbers, when the pipeline numbers it (<see cref="CounterForecast"/>); null when the store does.</param>
    /// <param name="ahead">For a numbered batch, the write of the batch sent before it, which it waits for before the store numbers it instead.</param>
    /// <param name="inForecast">False for the commits of a failed batch written again one by one: the batch's own report to the forecast covers them.</param>
    private async Task WriteBatchAsync(IReadOnlyList<PendingCommit> batch, ForecastNumbers? first, Task? ahead = null, bool inForecast = true)
    {
        IReadOnlyList<CommitOutcome> outcomes;
        var sent = Stopwatch.GetTimestamp();
        var inFlight = Interlocked.Increment(ref _inFlight);
        var storeNumbers = first is null;
        long? end = null;
        try
        {
            var requests = batch.Select(p => p.Request).ToArray();
            if (first is { } from && await TryNumberedAsync(requests, from).ConfigureAwait(false) is { } numbered)
            {
                outcomes = numbered;
            }
            else
            {
                if (!storeNumbers)
                {
                    _forecast!.Refused();
                    storeNumbers = true;
                    Counters.AddRetry();

                    // The batches ahead were given the numbers below this one's. Numbered by the store while one of them is
                    // still in flight, this batch could be given numbers it has inserted, and each would wait for the other.
                    if (ahead is not null)
                    {
                        await ahead.ConfigureAwait(false);
                    }
                }

                outcomes = await RetryAsync(
                    ct => _serverSequence
                        ? BatchCommitWriter.WriteNumberedByServerAsync(Store, Counters, requests, ct)
                        : BatchCommitWriter.WriteAsync(Store, Counters, requests, ct),
                    CancellationToken.None).ConfigureAwait(false);
                end = outcomes.Max(o => o.Result is { SequenceNumbers: [.., var last] } ? last + 1 : (long?)null);
            }
        }
        catch (CommitOutcomeUnknownException e)
        {
            // Writing the commits again, alone or together, could write them twice: each caller is told it is unknown.
            BatchAnswers.Send(batch, [.. batch.Select(p => CommitOutcome.Failed(p.Request, new CommitOutcomeUnknownException(p.Request.CommitId, "its batch's outcome is unknown", e)))]);
            return;
        }
        catch (Exception) when (batch.Count > 1)
        {
            foreach (var pending in batch)
            {
                await WriteBatchAsync([pending], null, inForecast: false).ConfigureAwait(false);
            }

            return;
        }
        catch (Exception e)
        {
            BatchAnswers.Send(batch, [CommitOutcome.Failed(batch[0].Request, e)]);
            return;
        }
        finally
        {
            Interlocked.Decrement(ref _inFlight);
            if (inForecast && storeNumbers)
            {
                _forecast?.StoreNumbered(end);
            }

            if (inForecast && first is not null)
            {
                _forecast?.NumberedSettled(written: !storeNumbers);
            }
        }

        Counters.AddBatch(batch.Count, batch.Sum(p => sent - p.Enqueued), Stopwatch.GetTimestamp() - sent, inFlight);
        _queue.Answered(batch.Count);
        foreach (var outcome in outcomes)
        {
            if (outcome.Failure is ConcurrencyConflictException or AppendConditionFailedException)
            {
                Counters.AddConflict();
            }
        }

        BatchAnswers.Send(batch, outcomes);
    }

    /// <summary>
    /// The batch written with the numbers the forecast gave it; null when nothing was written (the store refused the
    /// numbers, or the write failed before it could land), and then the store numbers it.
    /// </summary>
    private async Task<IReadOnlyList<CommitOutcome>?> TryNumberedAsync(CommitRequest[] requests, ForecastNumbers first)
    {
        try
        {
            return await NumberedBatchWriter.WriteAsync(Store, Counters, requests, first, CancellationToken.None).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not (CommitOutcomeUnknownException or ArgumentException or NotSupportedException))
        {
            return null;
        }
    }
}
