using EventCommitLab.Contract.Model;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Where the store's sequence counter will stand once the batches a pipeline has sent are written, as far as the
/// pipeline knows: learnt from the answer of a batch the store numbered, moved on by every batch the pipeline numbers
/// itself. It knows nothing while a batch the store numbers is in flight (its numbers are the store's to give), nor
/// after a numbered batch was refused (another writer took numbers, or the batch before failed): the next batch is then
/// numbered by the store, and its answer teaches the forecast again. A wrong forecast costs a refused write, never a
/// wrong number: the store moves its counter only from where the forecast said it stood. Refusals in a row say another
/// writer process keeps moving the counter: the forecast then leaves twice as many batches to the store before it
/// numbers one again (up to <see cref="MostLeftToStore"/>), so that beside another writer the pipeline pays a refused
/// write now and then, not on every batch; a numbered batch written starts the count again.
/// </summary>
internal sealed class CounterForecast
{
    /// <summary>The most batches left to the store after refusals in a row, before the forecast numbers one again.</summary>
    public const int MostLeftToStore = 64;

    private readonly Lock _lock = new();
    private long? _next;
    private int _refusalsInARow;
    private int _leftToStore;
    private int _numberedByStore;
    private int _numberedInFlight;
    private long? _lastNumbered;

    /// <summary>
    /// Batches numbered from the forecast are still in flight: their events may be in the log uncommitted, at numbers a
    /// batch the store numbers could also be given.
    /// </summary>
    public bool NumberedInFlight
    {
        get
        {
            lock (_lock)
            {
                return _numberedInFlight > 0;
            }
        }
    }

    /// <summary>Whether the next plain batch would be numbered from the forecast: it knows where the counter will stand.</summary>
    public bool Knows
    {
        get
        {
            lock (_lock)
            {
                return _next is not null && _numberedByStore == 0 && _leftToStore == 0;
            }
        }
    }

    /// <summary>
    /// The first number of <paramref name="batch"/>, formed now, the forecast moved past it; null when the batch is the
    /// store's to number (it is not plain, or the forecast knows nothing), and then <see cref="StoreNumbered"/> must follow.
    /// </summary>
    public ForecastNumbers? Claim(IReadOnlyList<CommitRequest> batch)
    {
        lock (_lock)
        {
            if (_next is { } first && _numberedByStore == 0 && _leftToStore == 0 && CommitBatch.IsPlain(batch))
            {
                var numbers = new ForecastNumbers(first, _numberedInFlight > 0 ? _lastNumbered : null);
                _next = first + batch.Sum(r => r.Events.Count);
                _numberedInFlight++;
                _lastNumbered = first;
                return numbers;
            }

            _numberedByStore++;
            return null;
        }
    }

    /// <summary>A batch numbered from the forecast was answered: <paramref name="written"/> with its numbers, or not (after <see cref="Refused"/> when it was refused).</summary>
    public void NumberedSettled(bool written)
    {
        lock (_lock)
        {
            _numberedInFlight--;
            if (written)
            {
                _refusalsInARow = 0;
            }
        }
    }

    /// <summary>A numbered batch was refused: the counter is elsewhere, and its commits go to the store to number (<see cref="StoreNumbered"/> must follow).</summary>
    public void Refused()
    {
        lock (_lock)
        {
            _next = null;
            _numberedByStore++;
            _refusalsInARow++;
            _leftToStore = Math.Min(1 << Math.Min(_refusalsInARow, 30), MostLeftToStore);
        }
    }

    /// <summary>A batch the store numbered was answered: the counter stands at least at <paramref name="end"/>, when it is known (null when the batch failed).</summary>
    public void StoreNumbered(long? end)
    {
        lock (_lock)
        {
            _numberedByStore--;
            _leftToStore = Math.Max(_leftToStore - 1, 0);
            _next = end is { } e ? Math.Max(e, _next ?? e) : null;
        }
    }
}
