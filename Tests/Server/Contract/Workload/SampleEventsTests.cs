using System.Text;
using System.Text.Json;
using EventCommitLab.Contract.Workload;

namespace EventCommitLab.Tests.Contract.Workload;

public sealed class SampleEventsTests
{
    [Theory]
    [InlineData(300)]
    [InlineData(1024)]
    public void payloads_are_json_documents_of_the_chosen_size(int bytes)
    {
        var events = new SampleEvents(bytes).Create("order-1", 3);

        Assert.All(events, e =>
        {
            using var document = JsonDocument.Parse(e.Payload);
            Assert.Equal(bytes, Encoding.UTF8.GetByteCount(e.Payload));
            Assert.Equal("order-1", e.EventSource);
        });
        Assert.Equal(3, events.Select(e => e.Payload).Distinct().Count());
    }
}
