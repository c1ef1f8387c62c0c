using EventCommitLab.Contract.Model;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Tests.Strategies.Shared;

public sealed class CounterForecastTests
{
    private static readonly CommitRequest[] Plain = [CommitRequest.ForEvents([new UncommittedEvent("source", "type", "{}", [])])];

    [Fact]
    public void after_refusals_in_a_row_the_forecast_leaves_twice_as_many_batches_to_the_store_each_time_up_to_its_bound()
    {
        var forecast = Taught();
        var left = new List<int>();
        for (var refusal = 0; refusal < 8; refusal++)
        {
            var claimed = forecast.Claim(Plain);
            Assert.NotNull(claimed);
            forecast.Refused();
            forecast.NumberedSettled(written: false);
            forecast.StoreNumbered(100);
            left.Add(1 + StoreNumberedUntilKnown(forecast));
        }

        Assert.Equal([2, 4, 8, 16, 32, 64, 64, 64], left);
    }

    [Fact]
    public void a_numbered_batch_written_starts_the_count_of_refusals_again()
    {
        var forecast = Taught();
        for (var refusal = 0; refusal < 3; refusal++)
        {
            forecast.Claim(Plain);
            forecast.Refused();
            forecast.NumberedSettled(written: false);
            forecast.StoreNumbered(100);
            StoreNumberedUntilKnown(forecast);
        }

        Assert.NotNull(forecast.Claim(Plain));
        forecast.NumberedSettled(written: true);
        forecast.Claim(Plain);
        forecast.Refused();
        forecast.NumberedSettled(written: false);
        forecast.StoreNumbered(100);

        Assert.Equal(1, StoreNumberedUntilKnown(forecast));
    }

    [Fact]
    public void a_forecast_never_refused_numbers_every_plain_batch_after_the_first()
    {
        var forecast = Taught();

        Assert.All(Enumerable.Range(0, 100), _ =>
        {
            Assert.NotNull(forecast.Claim(Plain));
            forecast.NumberedSettled(written: true);
        });
    }

    /// <summary>A forecast taught where the counter stands by one batch the store numbered.</summary>
    private static CounterForecast Taught()
    {
        var forecast = new CounterForecast();
        Assert.Null(forecast.Claim(Plain));
        forecast.StoreNumbered(1);
        return forecast;
    }

    /// <summary>Batches the store numbers (each answered) before the forecast knows again.</summary>
    private static int StoreNumberedUntilKnown(CounterForecast forecast)
    {
        var batches = 0;
        while (!forecast.Knows)
        {
            Assert.Null(forecast.Claim(Plain));
            forecast.StoreNumbered(100 + batches);
            batches++;
        }

        return batches;
    }
}
