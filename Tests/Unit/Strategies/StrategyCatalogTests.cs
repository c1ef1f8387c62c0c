using EventCommitLab.Strategies;

namespace EventCommitLab.Tests.Strategies;

public sealed class StrategyCatalogTests
{
    [Fact]
    public void every_tuning_tunes_a_design_of_the_catalog_claims_what_it_claims_and_leaves_the_default_race()
    {
        Assert.NotEmpty(StrategyCatalog.Tunings);
        foreach (var tuning in StrategyCatalog.Tunings)
        {
            var design = StrategyCatalog.Get(tuning.TuningOf!);
            Assert.Null(design.TuningOf);
            Assert.Equal(design.Claims, tuning.Claims);
            Assert.DoesNotContain(tuning, StrategyCatalog.Designs);
        }

        Assert.Equal(StrategyCatalog.All.Count, StrategyCatalog.Designs.Count + StrategyCatalog.Tunings.Count);
        Assert.Equal(["BatchingPipeline2InFlight", "BatchingPipelineNumbered2InFlight", "BatchingPipelineNumberedSplit"], StrategyCatalog.Tunings.Select(t => t.Name));
    }

    [Fact]
    public void a_design_on_trial_is_a_design_the_default_race_leaves_out()
    {
        Assert.All(StrategyCatalog.Trials, r => Assert.Null(r.TuningOf));
        Assert.Equal(StrategyCatalog.Designs.Count, StrategyCatalog.DefaultRace.Count + StrategyCatalog.Trials.Count);
        Assert.All(StrategyCatalog.Trials, r => Assert.DoesNotContain(r, StrategyCatalog.DefaultRace));
        Assert.Contains(StrategyCatalog.Trials, r => r.Name == "BatchingPipelineServerSequence4InFlight");
    }
}
