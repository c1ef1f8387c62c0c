using System.Globalization;
using System.Text;
using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract.Workload;

/// <summary>
/// Makes the events a workload commits: an order-domain JSON document padded to a chosen size (default about 300
/// bytes, a typical small domain event), so that every strategy writes the same bytes.
/// </summary>
public sealed class SampleEvents(int payloadBytes = SampleEvents.DefaultPayloadBytes)
{
    public const int DefaultPayloadBytes = 300;

    private long _counter;

    public int PayloadBytes { get; } = payloadBytes >= 0
        ? payloadBytes
        : throw new ArgumentOutOfRangeException(nameof(payloadBytes), payloadBytes, "The payload size must be 0 bytes or more.");

    /// <summary>Events for one commit; all share <paramref name="eventSource"/>.</summary>
    public UncommittedEvent[] Create(string eventSource, int count)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        var events = new UncommittedEvent[count];
        for (var i = 0; i < count; i++)
        {
            events[i] = new UncommittedEvent(eventSource, "OrderLineAdded", Payload(Interlocked.Increment(ref _counter)), ["orders", "lab"]);
        }

        return events;
    }

    /// <summary>Events for one commit to a fresh event source.</summary>
    public UncommittedEvent[] Create(int count) => Create(Guid.NewGuid().ToString("N"), count);

    private string Payload(long n)
    {
        var json = new StringBuilder(PayloadBytes + 64);
        json.Append(CultureInfo.InvariantCulture,
            $$"""{"orderId":"{{n:D12}}","customerId":"c-{{n % 9973:D5}}","sku":"SKU-{{n % 997:D4}}","quantity":{{n % 7 + 1}},"unitPrice":{{n % 1000 / 10.0:F2}},"currency":"EUR","note":""").Append('"');
        var padding = PayloadBytes - json.Length - 2;
        if (padding > 0)
        {
            json.Append('x', padding);
        }

        return json.Append("\"}").ToString();
    }
}
